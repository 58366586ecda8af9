//! The call language end to end: parsing, conversions, errors and the table.

use cute_core::dynamic::{ErrorKind, HTuple};

use crate::{call, eval, functions, FunctionInfo, Value, MAX_NESTING};

fn ok(expr: &str) -> String {
    match eval(expr) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{}: {}", expr, e),
    }
}

fn err(expr: &str) -> String {
    match eval(expr) {
        Ok(v) => panic!("{}: expected an error, got {}", expr, v),
        Err(e) => e.to_string(),
    }
}

#[test]
fn examples_of_the_issue() {
    assert_eq!(ok("composition((4,6,8,10):(2,3,5,7), 6:12)"), "(2,3):(9,5)");
    assert_eq!(ok("complement(4:2, 24)"), "(2,3):(1,8)");
    assert_eq!(ok("eval((4,8):(1,4), 22)"), "22");
    assert_eq!(ok("logical_divide((8,16):(20,1), <4:1,8:2>)"), "((4,2),(8,2)):((20,80),(2,1))");
}

#[test]
fn whitespace_and_nesting() {
    assert_eq!(ok("\t size ( \n (4,8) : (1,4) ) \r\n"), "32");
    assert_eq!(ok("size(logical_divide((8,16):(20,1),<4:1,8:2>))"), "128");
    assert_eq!(ok("eval(composition(composition((4,6,8,10):(2,3,5,7), 6:12), 3:2), 1)"), "5");
    assert_eq!(ok("shape(zipped_divide(make_layout((8,16)), (4,8)))"), "((4,8),(2,2))");
    let deep = format!("{}4:1{}", "flatten(".repeat(MAX_NESTING), ")".repeat(MAX_NESTING));
    assert_eq!(ok(&deep), "4:1");
    let deeper = format!("{}4:1{}", "flatten(".repeat(MAX_NESTING + 1), ")".repeat(MAX_NESTING + 1));
    assert_eq!(err(&deeper), format!("parse: at byte {}: calls nested deeper than 64 levels", 8 * MAX_NESTING));
}

#[test]
fn values_print_in_cute_notation() {
    assert_eq!(ok("idx2crd(46, (4,(12,5)))"), "(2,(11,0))");
    assert_eq!(ok("crd2idx((67,1), ((6,16),4))"), "163");
    assert_eq!(ok("compatible((24), ((4,6)))"), "true");
    assert_eq!(ok("congruent((1,2), (1,(2,3)))"), "false");
    assert_eq!(ok("weakly_congruent((1,2), (1,(2,3)))"), "true");
    assert_eq!("<4:1,8>".parse::<Value>().unwrap().to_string(), "<4:1,8>");
    assert_eq!("(_4,(_,1))".parse::<Value>().unwrap().to_string(), "(4,(_,1))");
    assert_eq!("_".parse::<Value>().unwrap(), Value::Coord(HTuple::Leaf(None)));
    assert_eq!("(3,(2,4))".parse::<Value>().unwrap(), Value::Tuple("(3,(2,4))".parse().unwrap()));
    assert_eq!("-7".parse::<Value>().unwrap(), Value::Int(-7));
}

#[test]
fn argument_conversions() {
    // B as a layout, a tiler, a shape tuple, an integer, a tuple with `_`.
    assert_eq!(ok("composition((4,6):(1,4), (2,3):(3,1))"), "(2,3):(3,1)");
    assert_eq!(ok("composition((12,(4,8)):(59,(13,1)), <3:4,8:2>)"), "(3,(2,4)):(236,(26,1))");
    assert_eq!(ok("composition((8,16):(1,8), (2,4))"), "(2,4):(1,8)");
    assert_eq!(ok("composition((8,16):(1,8), 4)"), "4:1");
    assert_eq!(ok("composition((8,16):(1,8), (_,4))"), "(8,4):(1,8)");
    // M as an integer or a shape; the profile of coalesce.
    assert_eq!(ok("complement(4:2)"), "2:1");
    assert_eq!(ok("coalesce((2,(1,6)):(1,(6,2)))"), "12:1");
    assert_eq!(ok("coalesce((2,(1,6)):(1,(6,2)), (1,1))"), "(2,6):(1,2)");
    assert_eq!(ok("coalesce(6:1, (1))"), "(6):(1)");
    assert_eq!(ok("coalesce(8:1, 1)"), "8:1");
    // A layout argument given as an integer.
    assert_eq!(ok("size(8)"), "8");
    assert_eq!(ok("eval((4,(3,2)):(2,(8,1)), (1,(2,1)))"), "19");
}

#[test]
fn extra_operations() {
    assert_eq!(ok("make_layout((4,1,(2,3)))"), "(4,1,(2,3)):(1,0,(4,8))");
    assert_eq!(ok("make_layout((4,8), (8,1))"), "(4,8):(8,1)");
    // CuTe's make_layout of layouts: their shapes and strides as modes (make_shape(L0.shape(),
    // L1.shape()) and make_stride(...)), one layout wrapped in a rank-1 tuple.
    assert_eq!(ok("make_layout(4:1, (2,3):(4,8))"), "(4,(2,3)):(1,(4,8))");
    assert_eq!(ok("make_layout(4:1, 8:4, 2:32)"), "(4,8,2):(1,4,32)");
    assert_eq!(ok("make_layout((4,8):(8,1))"), "((4,8)):((8,1))");
    assert_eq!(ok("rank(make_layout(make_layout(4:1)))"), "1");
    // An integer is a shape for the first form, as in CuTe (make_layout(8) is 8:1).
    assert_eq!(ok("make_layout(8)"), "8:1");
    assert_eq!(
        err("make_layout((4,8), 4:1)"),
        "invalid argument: make_layout: argument 2 (stride): expected an integer or a tuple of integers, \
         found the layout 4:1; \
         or make_layout(L: layout...) -> layout"
    );
    assert_eq!(ok("make_layout_right((4,8))"), "(4,8):(8,1)");
    assert_eq!(ok("cosize((4,(3,2)):(2,(8,1)))"), "24");
    assert_eq!(ok("rank((4,(3,2)):(2,(8,1)))"), "2");
    assert_eq!(ok("depth(8:1)"), "0");
    assert_eq!(ok("stride((4,8):(1,4))"), "(1,4)");
    assert_eq!(ok("mode((4,(3,2)):(2,(8,1)), 1)"), "(3,2):(8,1)");
    assert_eq!(ok("select((2,3,4):(1,2,6), (2,0))"), "(4,2):(6,1)");
    assert_eq!(ok("select((2,3,4):(1,2,6), 1)"), "(3):(2)");
    assert_eq!(ok("take((2,3,4):(1,2,6), 1, 3)"), "(3,4):(2,6)");
    assert_eq!(ok("group((2,3,4):(1,2,6), 0, 2)"), "((2,3),4):((1,2),6)");
    assert_eq!(ok("append((4,8):(1,4), 2:32)"), "(4,8,2):(1,4,32)");
    assert_eq!(ok("prepend((4,8):(1,4), 2:32)"), "(2,4,8):(32,1,4)");
    assert_eq!(ok("replace((4,8):(1,4), 1, 2:32)"), "(4,2):(1,32)");
    assert_eq!(ok("slice((_,(1,_)), (4,(3,2)):(2,(8,1)))"), "(4,2):(2,1)");
    assert_eq!(ok("dice((_,(1,_)), (4,(3,2)):(2,(8,1)))"), "(3):(8)");
    assert_eq!(ok("shape_div((4,5,6), 40)"), "(1,1,3)");
    assert_eq!(ok("swizzle(3, 3, 3, 77)"), "69");
    assert_eq!(ok("upcast(2, (4,8):(1,4))"), "(2,8):(1,2)");
    assert_eq!(ok("downcast(2, (4,8):(1,4))"), "(8,8):(1,8)");
    assert_eq!(ok("recast(16, 32, (4,8):(1,4))"), "(2,8):(1,2)");
    assert_eq!(ok("make_ordered_layout((4,8), (1,0))"), "(4,8):(8,1)");
    assert_eq!(ok("make_layout_like((4,8):(8,1))"), "(4,8):(8,1)");
    assert_eq!(ok("tile_to_shape((2,2):(1,2), (4,8))"), "((2,2),(2,4)):((1,4),(2,8))");
    // The copies row-major: (2,4):(4,1) of them, complement((2,2):(1,2), 32) = 8:4 composed.
    assert_eq!(ok("tile_to_shape((2,2):(1,2), (4,8), (1,0))"), "((2,2),(2,4)):((1,16),(2,4))");
    // CuTe's documentation: modding and dividing out the first 6 elements of (3,6,2,8).
    assert_eq!(ok("shape_mod((3,6,2,8), 6)"), "(3,2,1,1)");
    assert_eq!(ok("evenly_divides((8,6), (4,3))"), "true");
    assert_eq!(ok("evenly_divides((8,6), 5)"), "false");
    assert_eq!(ok("weakly_compatible(8, (4,4))"), "true");
    assert_eq!(ok("weakly_compatible((4,6), (8,(3,3)))"), "false");
    assert_eq!(ok("domain_distribute((15,14), 6)"), "(3,2):(1,15)");
    assert_eq!(ok("idx2crd((1,5), (3,(2,3)))"), "(1,(1,2))");
    assert_eq!(ok("idx2crd(5, (2,3), (3,1))"), "(1,2)");
    assert_eq!(ok("crd2idx((1,(1,2)), (3,(2,3)), (1,(3,6)))"), "16");
    assert_eq!(ok("nullspace((4,3,2):(1,0,4))"), "3:4");
    assert_eq!(ok("max_common_vector((4,8):(1,4), (4,8):(1,8))"), "4");
    assert_eq!(ok("max_common_layout((4,8):(1,4), (4,8):(1,8))"), "4:1");
    assert_eq!(ok("ceil_div((3,5), 2)"), "(2,5)");
    assert_eq!(ok("crd2crd((1,(1,2)), (2,(3,4)), (2,12))"), "(1,7)");
    assert_eq!(ok("product_each(((2,3),4))"), "(6,4)");
    assert_eq!(ok("filter_zeros((4,2):(1,0))"), "(4,1):(1,0)");
}

#[test]
fn parse_errors() {
    let cases = [
        ("", "parse: at byte 0: expected a function name, found end of input"),
        ("   ", "parse: at byte 3: expected a function name, found end of input"),
        ("(4,8):(1,4)", "parse: at byte 0: expected a function name, found '('"),
        ("size", "parse: at byte 4: expected '(', found end of input"),
        ("size 4:1", "parse: at byte 5: expected '(', found '4'"),
        ("size(", "parse: at byte 5: expected an argument (CuTe notation or a call), found end of input"),
        ("size(4:1", "parse: at byte 8: expected ',' or ')', found end of input"),
        ("size(4:1 x)", "parse: at byte 9: expected ',' or ')', found 'x'"),
        ("composition(4:1,)", "parse: at byte 16: expected an argument (CuTe notation or a call), found ')'"),
        ("composition(4:1,,2)", "parse: at byte 16: expected an argument (CuTe notation or a call), found ','"),
        ("size(4:1) x", "parse: at byte 10: expected end of input, found 'x'"),
        ("size(4:1))", "parse: at byte 9: expected end of input, found ')'"),
        ("size(é)", "parse: at byte 5: expected an argument (CuTe notation or a call), found 'é'"),
        ("size((4,8)", "parse: at byte 10: expected ',' or ')', found end of input"),
        ("size((4,8):(1,(4,2)))", "parse: at byte 5: shape (4,8) and stride (1,(4,2)) are not congruent"),
        ("size(4:)", "parse: at byte 7: expected an integer, '_', '(' or '<', found ')'"),
        ("size(<4:1,>)", "parse: at byte 10: expected an integer, '_', '(' or '<', found '>'"),
        ("size(99999999999999999999:1)", "parse: at byte 5: integer 99999999999999999999 does not fit in i64"),
        ("size(size)", "parse: at byte 9: expected '(', found ')'"),
    ];
    for (expr, want) in cases {
        assert_eq!(err(expr), want, "{:?}", expr);
    }
}

#[test]
fn unknown_functions() {
    assert_eq!(
        err("compositon(4:1, 2)"),
        "invalid argument: at byte 0: unknown function 'compositon'; did you mean 'composition'? \
         (`cute eval --help` lists the functions)"
    );
    assert_eq!(
        err("size(frobnicate(1))"),
        "invalid argument: at byte 5: unknown function 'frobnicate' (`cute eval --help` lists the functions)"
    );
    assert_eq!(call("x", &[]).unwrap_err().message(), "unknown function 'x' (`cute eval --help` lists the functions)");
}

#[test]
fn arity_and_kind_errors() {
    let cases = [
        ("size()", "invalid argument: size takes 1 argument, got 0: size(L: layout) -> int"),
        (
            "composition(4:1)",
            "invalid argument: composition takes 2 arguments, got 1: composition(A: layout, B: tiler) -> layout",
        ),
        (
            "complement(4:1, 8, 2)",
            "invalid argument: complement takes 1 or 2 arguments, got 3: complement(A: layout[, M: tuple]) -> layout",
        ),
        (
            "eval(4:1, <2,2>)",
            "invalid argument: eval: argument 2 (i): expected an integer or a tuple of integers, found the tiler <2,2>",
        ),
        ("upcast(4:1, 2)", "invalid argument: upcast: argument 1 (N): expected an integer, found the layout 4:1"),
        (
            "size((4,8))",
            "invalid argument: size: argument 1 (L): expected a layout shape:stride, or an integer n meaning n:1, \
             found the tuple (4,8)",
        ),
        ("size(0)", "invalid argument: size: argument 1 (L): shape 0 has a non-positive entry 0"),
        ("composition(4:1, (2,0))", "invalid argument: composition: argument 2 (B): tile size 0 is not positive"),
        (
            "composition(4:1, compatible(1, 1))",
            "invalid argument: composition: argument 2 (B): expected a tiler: a layout, <...>, a tuple or a \
             positive integer, found the boolean true",
        ),
        (
            "coalesce(4:1, 2:1)",
            "invalid argument: coalesce: argument 2 (profile): expected a coordinate of integers and '_', \
             found the layout 2:1",
        ),
        ("mode(4:1, -1)", "index out of range: mode: argument 2 (i): -1 is negative"),
        (
            "select((2,3):(1,2), ((1)))",
            "invalid argument: select: argument 2 (modes): expected a flat tuple of mode indices, found ((1))",
        ),
    ];
    for (expr, want) in cases {
        assert_eq!(err(expr), want, "{:?}", expr);
    }
}

#[test]
fn engine_errors_pass_through() {
    let e = eval("composition((4,6,8):(2,3,5), 6:3)").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::StrideDivisibility);
    assert_eq!(eval("shape_div(6, 4)").unwrap_err().kind(), ErrorKind::ShapeDivisibility);
    // Parse errors come before evaluation errors, wherever they are.
    assert_eq!(eval("composition((4,6,8):(2,3,5), 6:3) x").unwrap_err().kind(), ErrorKind::Parse);
}

#[test]
fn table_is_consistent() {
    for (i, f) in functions().iter().enumerate() {
        // A name repeats only for CuTe's overloads, its forms side by side.
        let earlier = functions()[..i].iter().rposition(|g| g.name == f.name);
        assert!(earlier.is_none_or(|j| j + 1 == i), "{} apart from its other form", f.name);
        assert!(f.params.iter().rev().skip(1).all(|p| !p.repeats), "{}: only the last parameter repeats", f.name);
        assert!(f.name.bytes().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_'));
        let first_optional = f.params.iter().position(|p| p.optional).unwrap_or(f.params.len());
        assert!(f.params[first_optional..].iter().all(|p| p.optional), "{}", f.name);
        // Wrong arity is reported, never a panic: too many arguments, or none for a form whose
        // last parameter repeats.
        let wrong = if f.max_args() == usize::MAX { 0 } else { 5 };
        let e = f.call(&vec![Value::Int(1); wrong]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    }
    // Every op of the oracle is there.
    for op in [
        "size",
        "coshape",
        "cosize",
        "rank",
        "depth",
        "flatten",
        "coalesce",
        "coalesce_z",
        "filter_zeros",
        "filter",
        "composition",
        "complement",
        "right_inverse",
        "left_inverse",
        "nullspace",
        "logical_divide",
        "zipped_divide",
        "tiled_divide",
        "flat_divide",
        "logical_product",
        "zipped_product",
        "tiled_product",
        "flat_product",
        "blocked_product",
        "raked_product",
        "max_common_vector",
        "max_common_layout",
        "upcast",
        "downcast",
        "tile_to_shape",
        "make_ordered_layout",
        "greatest_common_domain",
        "layout_add",
        "eval",
        "idx2crd",
        "crd2idx",
        "swizzle",
    ] {
        assert!(FunctionInfo::find(op).is_some(), "{}", op);
    }
}

#[test]
fn any_argument_kind_is_handled() {
    let samples: [Value; 15] = [
        Value::Int(-3),
        "(0,(2,-1))".parse().unwrap(),
        "(4,(3,2)):(2,(-8,0))".parse().unwrap(),
        "<4:1,_>".parse().unwrap(),
        "(_,(1,_))".parse().unwrap(),
        Value::Bool(true),
        "Sw<2,1,-3>".parse().unwrap(),
        "Sw<3,4,3> o 5 o (4,(3,2)):(2,(-8,0))".parse().unwrap(),
        "(1@0, (2@1@0))".parse().unwrap(),
        "(4,(4,2)):(1@1,(1@0,6@1))".parse().unwrap(),
        "(4,4):(f1,f5)".parse().unwrap(),
        "SM70_8x8x4_F32F16F16F32_NT".parse().unwrap(),
        "UniversalCopy<uint64_t>".parse().unwrap(),
        eval("make_tiled_mma(UniversalFMA, (2,2):(1,2))").unwrap(),
        eval("make_tiled_copy(UniversalCopy<uint32_t>, 32, (4,2):(1,4), 1:0)").unwrap(),
    ];
    for f in functions() {
        let n = f.params.len();
        // All argument lists over the samples, up to 3 arguments (swizzle with ints only).
        let total = samples.len().pow(n.min(3) as u32);
        for k in 0..total {
            let mut args = Vec::new();
            let mut r = k;
            for _ in 0..n {
                args.push(samples[r % samples.len()].clone());
                r /= samples.len();
            }
            let _ = f.call(&args);
        }
    }
}

#[test]
fn partitioning() {
    // The examples of the partitioning functions, each an offset and a layout.
    assert_eq!(ok("local_tile((16,64):(1,16), (8,16), (1,2))"), "520 o (8,16):(1,16)");
    assert_eq!(ok("local_partition((16,64):(1,16), (2,16):(1,2), 3)"), "17 o (8,4):(2,256)");
    // With a projection: thread 3 is (1,1); by the first mode only, every 2nd row from row 1.
    assert_eq!(ok("local_partition((16,64):(1,16), (2,16):(1,2), 3, (1,_))"), "1 o (8,64):(2,16)");
    assert_eq!(ok("make_layout_tv((16,8):(8,1), (1,4):(0,1))"), "((16,32), ((8,16),4):((64,1),16))");
    assert_eq!(
        ok("partition_tv(logical_divide((128,128):(128,1), <(16,4):(4,1),(16,4):(4,1)>), (16,16), \
            ((16,16),1):((16,1),0), 0)"),
        "0 o (1,(4,2),(4,2)):(0,(128,8192),(1,64))"
    );
    // The projection drops the N mode of an (M,N,K) tiler for A, and `_` keeps the K tiles.
    assert_eq!(ok("local_tile((64,32):(1,64), (16,8,8), (2,1,_), (1,_,1))"), "32 o (16,8,4):(1,64,512)");
    assert_eq!(ok("inner_partition((16,64):(1,16), (8,16), 7)"), "776 o (8,16):(1,16)");
    assert_eq!(ok("outer_partition((16,64):(1,16), (2,16), (1,1))"), "17 o (8,4):(2,256)");
    assert_eq!(ok("outer_partition((16,64):(1,16), (2,16), (1,_))"), "1 o (16,8,4):(16,2,256)");
    // Bad input names the condition and the values.
    let cases = [
        (
            "local_tile((16,64):(1,16), (8,16,2), (1,2))",
            ErrorKind::TooManyModes,
            "too many modes: logical_divide((16,64):(1,16), <8,16,2>): the tiler has 3 modes, the layout 2",
        ),
        (
            "local_tile((16,64):(1,16), (8,16), (2,2))",
            ErrorKind::IndexOutOfRange,
            "index out of range: local_tile: coordinate 2 is outside the mode 2:8 (size 2)",
        ),
        (
            "local_tile((16,64):(1,16), (8,16), (1,2,3))",
            ErrorKind::RankMismatch,
            "rank mismatch: local_tile: the coordinate (1,2,3) has 3 modes, the grid (2,4):(8,256) only 2",
        ),
        (
            "local_tile((64,32):(1,64), (16,8,8), (2,1,_), (1,_))",
            ErrorKind::RankMismatch,
            "rank mismatch: local_tile: the tiler <16,8,8> (rank 3), the coordinate (2,1,_) (rank 3) and the \
             projection (1,_) (rank 2) differ in rank",
        ),
        (
            "local_partition((16,64):(1,16), (2,16):(1,2), 32)",
            ErrorKind::IndexOutOfRange,
            "index out of range: local_partition: thread index 32 is not below the size 32 of the thread layout \
             (2,16):(1,2)",
        ),
        (
            "local_partition((16,64):(1,16), (2,2):(1,1), 1)",
            ErrorKind::IndexOutOfRange,
            "index out of range: local_partition: the thread layout (2,2):(1,1) does not give thread index 1 one \
             coordinate (it must map its coordinates one to one onto 0..4)",
        ),
        (
            "partition_tv((16,64):(1,16), (8,16), ((16,8),1):((16,1),0), 128)",
            ErrorKind::IndexOutOfRange,
            "index out of range: partition_tv: thread 128 is not below the 128 threads of the TV layout \
             ((16,8),1):((16,1),0)",
        ),
        (
            "partition_tv((16,64):(1,16), (8,16), 16:1, 1)",
            ErrorKind::RankMismatch,
            "rank mismatch: partition_tv: the TV layout 16:1 is not (thread, value)",
        ),
    ];
    for (expr, kind, message) in cases {
        let e = eval(expr).unwrap_err();
        assert_eq!((e.kind(), e.to_string().as_str()), (kind, message), "{}", expr);
    }
}

#[test]
fn swizzles_and_composed_layouts() {
    // Written and printed as CuTe DSL prints them.
    assert_eq!(ok("composition(Sw<3,4,3>, (8,8):(8,1))"), "Sw<3,4,3> o 0 o (8,8):(8,1)");
    assert_eq!(ok("make_composed_layout(Sw<3,4,3>, 0, (8,8):(8,1))"), "Sw<3,4,3> o 0 o (8,8):(8,1)");
    assert_eq!(ok("make_swizzle(896, 112)"), "Sw<3,4,3>");
    // Swizzles of one shift merge (masks XOR-ed); of different shifts they are an error.
    assert_eq!(ok("composition(Sw<1,4,3>, Sw<2,4,3>)"), "Sw<1,5,3>");
    // A layout with a swizzle, a swizzled layout or basis strides on the right (CuTe's
    // composition(Layout, Swizzle), (Layout, ComposedLayout) and E-strides picking modes).
    assert_eq!(ok("composition((8,8):(8,1), Sw<3,0,3>)"), "Sw<3,0,-3> o 0 o (8,8):(8,1)");
    assert_eq!(ok("composition(16:2, Sw<2,0,2> o 0 o (4,4):(4,1))"), "Sw<2,1,2> o 0 o (4,4):(8,2)");
    assert_eq!(ok("composition((4,8):(1,4), (2,4):(1@1,2@0))"), "(2,4):(4,2)");
    assert_eq!(
        err("composition(16:2, Sw<2,0,2> o 4 o (4,4):(4,1))"),
        "invalid swizzle: composition(16:2, Sw<2,0,2> o 4 o (4,4):(4,1)): the offset 4 is not 0, which CuTe requires"
    );
    assert_eq!(
        err("composition(Sw<3,4,3>, Sw<2,0,4>)"),
        "invalid swizzle: composition: composition of swizzles: shifts 3 and 4 differ (only swizzles of the same shift merge)"
    );
    // Evaluation: row 3, byte 80 (chunk 5) of a 128-byte-row tile lands in chunk 5 ^ 3 = 6.
    let tile = "Sw<3,4,3> o 0 o (8,128):(128,1)";
    assert_eq!(ok(&format!("eval({}, (3,80))", tile)), (3 * 128 + 16 * 6).to_string());
    assert_eq!(ok(&format!("size({})", tile)), "1024");
    // Slicing moves the offset into the middle.
    assert_eq!(ok(&format!("slice((3,_), {})", tile)), "Sw<3,4,3> o 384 o (128):(1)");
    assert_eq!(ok(&format!("eval(slice((3,_), {}), 80)", tile)), (3 * 128 + 16 * 6).to_string());
    // Composition on the right, divides and products reshape the inner layout.
    assert_eq!(ok(&format!("composition({}, <2:4,16:8>)", tile)), "Sw<3,4,3> o 0 o (2,16):(512,8)");
    assert_eq!(ok(&format!("zipped_divide({}, (8,16))", tile)), "Sw<3,4,3> o 0 o ((8,16),(1,8)):((128,1),(0,16))");
    assert_eq!(ok("blocked_product(Sw<1,4,3> o 0 o 4:1, 2:1)"), "Sw<1,4,3> o 0 o ((4,2)):((1,4))");
    // Upcast and downcast move M; the inverse moves the swizzle through the inner layout.
    assert_eq!(ok(&format!("upcast(16, {})", tile)), "Sw<3,0,3> o 0 o (8,8):(8,1)");
    assert_eq!(ok("downcast(2, Sw<3,4,3>)"), "Sw<3,5,3>");
    assert_eq!(ok(&format!("right_inverse(upcast(16, {}))", tile)), "Sw<3,0,-3> o 0 o (8,8):(8,1)");
    assert_eq!(ok(&format!("max_common_vector({}, (8,128):(128,1))", tile)), "16");
    assert_eq!(ok(&format!("max_common_vector({}, {})", tile, tile)), "1024");
}

#[test]
fn swizzle_errors_name_the_condition() {
    let e = eval("size(Sw<3,4,2> o 0 o 8:1)").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidSwizzle);
    assert_eq!(e.to_string(), "invalid swizzle: Swizzle<3,_,2>: abs(SShift) must be at least BBits");
    assert_eq!(err("size(Sw<3,4> o 0 o 8:1)"), "parse: at byte 11: expected ',', found '>'");
    assert_eq!(err("size(Sw<3,4,3> o 0 x 8:1)"), "parse: at byte 19: expected 'o' before the layout, found 'x'");
    assert_eq!(err("size(Sw<3,4,3> o 0 o <4:1>)"), "parse: at byte 21: expected a layout shape:stride, found '<'");
    assert_eq!(err("size(Sw<a,4,3>)"), "parse: at byte 8: expected an integer (B), found 'a'");
    let e = eval("make_swizzle(3, 1)").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidSwizzle);
    assert!(e.to_string().contains("masks 0b11 and 0b1 are not the fields of a swizzle"), "{}", e);
    // The forms check their arguments.
    assert_eq!(
        err("size(Sw<3,4,3>)"),
        "invalid argument: size: argument 1: expected a swizzled layout Sw<B,M,S> o OFFSET o LAYOUT: \
         Sw(OFFSET + LAYOUT(c)), found the swizzle Sw<3,4,3> (size(L: composed | basis | f2) -> int)"
    );
    assert!(err("complement(Sw<3,4,3> o 0 o 8:1)")
        .starts_with("invalid argument: complement: argument 1: expected a layout with basis strides"));
    let e = eval("right_inverse(Sw<3,4,3> o 5 o 1024:1)").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidSwizzle);
    assert!(e.to_string().contains("offset 5 is not 0"), "{}", e);
    let e = eval("upcast(16, Sw<3,4,3> o 8 o 1024:1)").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid argument: upcast<16> of Sw<3,4,3> o 8 o 1024:1: offset 8 is not a multiple of 16"
    );
}

#[test]
fn descriptors() {
    // Seed 001's examples read as arguments, normalized and printed in the same notation.
    assert_eq!(ok("descriptor((1@0, 1@1))"), "(1@0, 1@1)");
    assert_eq!(ok("descriptor((16@0,1@1))"), "(16@0, 1@1)");
    assert_eq!(ok("descriptor(((1@0, 8@1), 1@2))"), "((1@0, 8@1), 1@2)");
    assert_eq!(ok("descriptor((1@0@1))"), "(1@0@1)");
    assert_eq!(ok("descriptor(())"), "()");
    assert_eq!(ok("descriptor( (\t8/4 @ 0 , () ) )"), "(2@0, ())");
    // Errors name the byte offset in the whole expression and what was expected.
    let e = eval("descriptor((1/2@0, 4@1))").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(
        e.to_string(),
        "invalid argument: at byte 12: 1/2@0: the count 1/2 is not an integer, and a layout's strides are"
    );
    assert_eq!(err("descriptor((1@0, 8@))"), "parse: at byte 19: expected a dim (an unsigned integer), found ')'");
    assert_eq!(err("descriptor((1@0, 3/0@1))"), "invalid argument: at byte 17: 3/0@1: zero denominator");
    assert_eq!(err("descriptor((1@0 1@1))"), "parse: at byte 16: expected ',' or ')', found '1'");
    assert!(err("descriptor((4,8))")
        .starts_with("invalid argument: descriptor: argument 1 (D): expected a basis descriptor"));
    assert!(err("size((1@0))").contains("found the descriptor (1@0)"));
}

#[test]
fn canonical_forms_and_equivalence() {
    assert_eq!(ok("canonical(((2,2),3):((1,2),0))"), "4:1");
    assert_eq!(ok("layouts_equivalent((2,4):(1,2), 8:1)"), "true");
    assert_eq!(ok("layouts_equivalent((2,4):(4,1), 8:1)"), "false");
    // The swizzle is part of the identity; one that changes nothing is dropped.
    assert_eq!(ok("canonical(Sw<3,4,3> o 0 o ((8,1),(128,2)):((128,0),(1,0)))"), "Sw<3,4,3> o 0 o (8,128):(128,1)");
    assert_eq!(ok("canonical(Sw<0,4,3> o 0 o (2,4):(1,2))"), "8:1");
    assert_eq!(ok("layouts_equivalent(Sw<3,4,3> o 0 o (8,128):(128,1), (8,128):(128,1))"), "false");
    assert_eq!(
        ok("layouts_equivalent(Sw<3,4,3> o 0 o (8,128):(128,1), Sw<3,4,3> o 0 o (8,(32,4)):(128,(1,32)))"),
        "true"
    );
}

#[test]
fn basis_and_f2_strides() {
    // Identity layouts and basis strides, written and printed as CuTe DSL does.
    assert_eq!(ok("make_identity_layout((2,(3,4),5))"), "(2,(3,4),5):(1@0,(1@0@1,1@1@1),1@2)");
    assert_eq!(ok("eval(make_identity_layout((4,8)), (3,5))"), "(3,5)");
    assert_eq!(ok("eval((4,(4,2)):(1@1,(1@0,6@1)), 5)"), "(1,1)");
    // The paper's tables.
    assert_eq!(ok("composition((8,8):(1@0,1@1), ((4,8),2):((16,1),8))"), "((4,8),2):((2@1,1@0),1@1)");
    assert_eq!(ok("right_inverse((4,(4,2)):(1@1,(1@0,6@1)))"), "(4,4):(4,1)");
    assert_eq!(ok("left_inverse((4,(4,2)):(1@1,(1@0,6@1)))"), "(4,(6,2)):(4,(1,16))");
    assert_eq!(ok("complement((4,(4,2)):(1@1,(1@0,12@1)))"), "(1,(3,1)):(4@0,(4@1,24@1))");
    assert_eq!(ok("coalesce(((2,4),8):((1@0,2@0),1@1))"), "(8,8):(1@0,1@1)");
    // Composition with a tuple tiler, mode by mode.
    assert_eq!(ok("composition((8,(4,6)):(1@0,(1@0@1,1@1@1)), <4:2,_>)"), "(4,(4,6)):(2@0,(1@0@1,1@1@1))");
    assert_eq!(ok("composition((8,8):(1@0,1@1), 4)"), "4:1@0");
    // The divides of coordinates: each element of each tile.
    assert_eq!(ok("logical_divide((8,8):(1@0,1@1), 4:2)"), "(4,(2,8)):(2@0,(1@0,1@1))");
    assert_eq!(ok("zipped_divide((8,6):(1@0,1@1), <4:1,3:1>)"), "((4,3),(2,2)):((1@0,1@1),(4@0,3@1))");
    assert_eq!(ok("tiled_divide((8,6):(1@0,1@1), (4,3))"), "((4,3),2,2):((1@0,1@1),4@0,3@1)");
    assert_eq!(ok("flat_divide((8,6):(1@0,1@1), (4,3))"), "(4,3,2,2):(1@0,1@1,4@0,3@1)");
    assert_eq!(
        err("logical_divide((8,8):(1@0,1@1), 4:3)"),
        "shape divisibility: composition (8,8):(1@0,1@1) o 4:3: shape 4 is not divisible by 3"
    );
    // A rank-1 layout with a basis stride, and the compositions that reach fewer elements.
    assert_eq!(ok("eval(4:1@0, 3)"), "(3)");
    assert_eq!(ok("composition(8:1@1, 4:2)"), "4:2@1");
    assert_eq!(ok("size(4:4/2@0@1)"), "4");
    assert_eq!(ok("eval(4:4/2@0@1, 1)"), "(0,(2))");
    assert_eq!(ok("composition((4,4):(1@0,1@1), 4:1)"), "4:1@0");
    assert_eq!(
        err("eval(4:1/2@0, 2)"),
        "invalid argument: at byte 7: 1/2@0: the count 1/2 is not an integer, and a layout's strides are"
    );
    // F2 strides: evaluation, the swizzled row of Table 4, swizzles as layouts, matrices.
    assert_eq!(ok("eval((4,4):(f1,f5), 14)"), "13");
    assert_eq!(ok("composition((8,8):(f1,f9), ((4,8),2):((16,1),8))"), "((4,8),2):((f18,f1),f9)");
    assert_eq!(ok("swizzle_layout(Sw<3,4,3>, 10)"), "(128,8):(f1,f144)");
    assert_eq!(ok("f2_matrix((4,4):(f1,f5))"), "(1,2,5,10)");
    assert_eq!(ok("f2_layout((4,2):(2,1))"), "(4,2):(f2,f1)");
    assert_eq!(ok("right_inverse((4,4):(f1,f5))"), "(4,4):(f1,f5)");
    // The paper's rows with an extent of 3 on top of the bits (Tables 5 and 6).
    assert_eq!(ok("right_inverse((4,(4,3)):(f1,(f5,f16)))"), "(4,4,3):(f1,f5,f16)");
    assert_eq!(ok("left_inverse((4,(4,3)):(f1,(f5,f16)))"), "(4,4,3):(f1,f5,f16)");
    // Errors name the condition, or the byte offset and the expected token.
    assert_eq!(
        err("f2_layout((2,2):(1,1))"),
        "invalid argument: (2,2):(1,1) carries: the strides 1 and 1 of its coordinate bits share bits, so a sum is not their XOR"
    );
    assert_eq!(err("size((4,8):(1@0,1@))"), "parse: at byte 18: expected a dim (an unsigned integer), found ')'");
    assert_eq!(err("size((4,4):(f1,5))"), "parse: at byte 15: expected an F2 stride fN, found '5'");
    assert!(err("complement((4,8):(1@0,2@0))").starts_with("non-injective: complement of (4,8):(1@0,2@0)"));
}

#[test]
fn mma_atoms_by_name() {
    assert_eq!(ok("shape_mnk(SM80_16x8x16_F32F16F16F32_TN)"), "(16,8,16)");
    assert_eq!(ok("layout_a_tv( SM80_16x8x16_F32F16F16F32_TN )"), "((4,8),(2,2,2)):((32,1),(16,8,128))");
    assert_eq!(ok("layout_b_tv(SM80_16x8x8_F32TF32TF32F32_TN)"), "((4,8),2):((8,1),32)");
    assert_eq!(ok("layout_c_tv(SM90_64x16x16_F32F16F16_RS)"), "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))");
    assert_eq!(ok("thr_id(SM70_8x8x4_F16F16F16F16_TN)"), "(4,2):(1,16)");
    assert_eq!(ok("layout_a_tv(UniversalFMA)"), "(1,1):(0,0)");
    // The algebra takes the atom's layouts.
    assert_eq!(ok("size(layout_c_tv(SM80_16x8x16_F32F16F16F32_TN))"), "128");
    assert_eq!(ok("eval(layout_a_tv(SM80_16x8x16_F32F16F16F32_TN), (5,2))"), "41");
    let v: Value = "SM80_8x8x4_F64F64F64F64_TN".parse().unwrap();
    assert_eq!((v.kind(), v.to_string()), (crate::ValueKind::MmaAtom, "SM80_8x8x4_F64F64F64F64_TN".to_string()));
}

#[test]
fn mma_atom_errors_name_the_atom() {
    assert_eq!(
        err("layout_a_tv(SM80_16x8x16_F32F16F16F32_NT)"),
        "invalid argument: at byte 12: unknown atom 'SM80_16x8x16_F32F16F16F32_NT'; did you mean \
         'SM80_16x8x16_F32F16F16F32_TN'? (`cute eval --help` lists the atoms)"
    );
    assert_eq!(
        err("size(SM80_16x8x16_F32F16F16F32_TN)"),
        "invalid argument: size: argument 1 (L): expected a layout shape:stride, or an integer n meaning n:1, \
         found the MMA atom SM80_16x8x16_F32F16F16F32_TN"
    );
    assert_eq!(
        err("shape_mnk((4,8):(1,4))"),
        "invalid argument: shape_mnk: argument 1 (X): expected an MMA atom by CuTe's name \
         (SM80_16x8x16_F32F16F16F32_TN) or make_tiled_mma(...), found the layout (4,8):(1,4)"
    );
}

#[test]
fn copy_atoms_by_name() {
    assert_eq!(ok("layout_src_tv(SM75_U32x1_LDSM_N)"), "((8,4),128):((128,0),1)");
    assert_eq!(ok("layout_dst_tv(SM75_U16x8_LDSM_T)"), "((4,8),(16,2,4)):((256,16),(1,128,1024))");
    assert_eq!(ok("layout_src_tv(SM90_U32x4_STSM_N)"), "(32,(32,4)):(32,(1,1024))");
    assert_eq!(ok("layout_dst_tv( UniversalCopy<uint128_t> )"), "(1,128):(0,1)");
    assert_eq!(ok("thr_id(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>)"), "1:0");
    assert_eq!(ok("thr_id(SM75_U32x2_LDSM_N)"), "32:1");
    assert_eq!(
        err("layout_src_tv(SM80_CP_ASYNC_CACHEGLOBAL<uint32_t>)"),
        "invalid argument: at byte 14: unknown atom 'SM80_CP_ASYNC_CACHEGLOBAL<uint32_t>'; did you mean \
         'SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>'? (`cute eval --help` lists the atoms)"
    );
    assert_eq!(
        err("layout_src_tv(UniversalCopy<uint32_t)"),
        "parse: at byte 36: expected '>' after the width of the atom, found ')'"
    );
    assert_eq!(
        err("layout_a_tv(SM75_U32x1_LDSM_N)"),
        "invalid argument: layout_a_tv: argument 1 (X): expected an MMA atom by CuTe's name \
         (SM80_16x8x16_F32F16F16F32_TN) or make_tiled_mma(...), found the copy atom SM75_U32x1_LDSM_N"
    );
}

#[test]
fn tiled_mmas() {
    let mma = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0))";
    assert_eq!(ok(mma), "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0), <_,_,_>)");
    assert_eq!(ok(&format!("shape_mnk({})", mma)), "(32,16,16)");
    assert_eq!(ok(&format!("thr_layout_vmnk({})", mma)), "(32,2,2,1):(1,32,64,0)");
    assert_eq!(ok(&format!("layout_c_tv({})", mma)), "((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))");
    assert_eq!(ok(&format!("partition_c({}, (64,32):(1,64), 37)", mma)), "145 o ((2,2),2,2):((64,8),32,1024)");
    assert_eq!(ok(&format!("partition_fragment_a({}, (64,32):(32,1))", mma)), "((2,2,2),2,2):((1,2,4),16,8)");
    assert_eq!(ok(&format!("partition_fragment_c({}, (64,32):(1,64))", mma)), "((2,2),2,2):((1,2),4,8)");
    // The printed tiled MMA is the call that makes it.
    let printed = ok(mma);
    assert_eq!(ok(&format!("shape_mnk({})", printed)), "(32,16,16)");
    // The permutation is a tuple, one entry per mode, as CuTe's.
    assert_eq!(ok("shape_mnk(make_tiled_mma(UniversalFMA, (4,4):(1,4), <8>))"), "(8,4,1)");
    assert_eq!(
        err("shape_mnk(make_tiled_mma(UniversalFMA, (4,4):(1,4), (32,16):(1,32)))"),
        "rank mismatch: make_tiled_mma(UniversalFMA, (4,4):(1,4), (32,16):(1,32)): the permutation is a tuple of one \
         entry per mode (M,N,K), not (32,16):(1,32)"
    );
    assert_eq!(ok("layout_dst_tv( UniversalCopy < uint128_t > )"), "(1,128):(0,1)");
    assert_eq!(ok("shape_mnk(make_tiled_mma(UniversalFMA, (4,4):(1,4), <8,(4,2):(2,1)>))"), "(8,8,1)");
    assert_eq!(
        err("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0), <_,24>)"),
        "shape divisibility: make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0), <_,24,_>): the permutation of \
         N has size 24, not a multiple of the atom's N 8 times the 2 atoms along N"
    );
    assert_eq!(
        err("partition_c(make_tiled_mma(UniversalFMA, 4:1), 8:1, 4)"),
        "index out of range: get_slice: 4 is not a thread of the tiled MMA (its threads are (1,4,1,1):(0,1,0,0))"
    );
}

#[test]
fn tiled_copies() {
    let copy = "make_tiled_copy(SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, 16, (32,4):(4,1), (1,8):(1,1))";
    assert_eq!(
        ok(copy),
        "make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, 16-bit>, ((4,32),8):((256,1),32), (32,32))"
    );
    assert_eq!(ok(&format!("partition_s({}, (32,32):(32,1), 5)", copy)), "40 o ((8,1),1,1):((1,0),0,0)");
    assert_eq!(ok(&format!("layout_dst_tv({})", copy)), "((4,32),(8,1)):((256,1),(32,0))");
    let mma = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0))";
    let ldsm = format!("make_tiled_copy_a(SM75_U32x4_LDSM_N, 16, {})", mma);
    assert_eq!(ok(&format!("layout_src_tv({})", ldsm)), "((16,2,2,2),(8,1)):((1,256,16,0),(32,0))");
    assert_eq!(ok(&format!("retile({}, ((2,2,2),1,2):((1,2,4),0,8))", ldsm)), "((8,1),1,2):((1,0),0,8)");
    assert_eq!(ok(&format!("partition_d({}, (32,32):(32,1), 0)", ldsm)), "0 o (((2,2,2),1),1,2):(((1,256,8),0),0,16)");
    // CuTe's spelling is suggested.
    assert!(err("make_tiled_copy_A(SM75_U32x4_LDSM_N, 16, 1)").contains("did you mean 'make_tiled_copy_a'?"));
    assert_eq!(
        err(&format!("make_tiled_copy_a(SM75_U16x8_LDSM_T, 32, {})", mma)),
        "invalid argument: Copy_Atom<SM75_U16x8_LDSM_T, 32-bit>: the destination layout in elements, \
         ((4,4),(1,2,4)):((8,1),(1,4,32)), has 16 threads, not the atom's 32: the atom does not copy 32-bit elements"
    );
}

/// The README's "Writing a tensor-core kernel" outputs.
#[test]
fn the_readmes_tensor_core_walkthrough() {
    let mma = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0), <32,32,16>)";
    assert_eq!(ok("layout_a_tv(SM80_16x8x16_F16F16F16F16_TN)"), "((4,8),(2,2,2)):((32,1),(16,8,128))");
    assert_eq!(ok(&format!("shape_mnk({})", mma)), "(32,32,16)");
    assert_eq!(ok(&format!("layout_c_tv({})", mma)), "((4,8,2,2),((2,2),(1,2))):((64,1,16,256),((32,8),(0,512)))");
    assert_eq!(ok(&format!("partition_a({}, (64,32):(32,1), 37)", mma)), "546 o ((2,2,2),2,2):((1,256,8),1024,16)");
    assert_eq!(ok(&format!("partition_fragment_a({}, (64,32):(32,1))", mma)), "((2,2,2),2,2):((1,2,4),16,8)");
    let ldsm = format!("make_tiled_copy_a(SM75_U32x4_LDSM_N, 16, {})", mma);
    assert_eq!(ok(&format!("layout_src_tv({})", ldsm)), "((16,2,2,2),(8,1)):((1,256,16,0),(32,0))");
    assert_eq!(
        ok(&format!("retile({}, partition_fragment_a({}, (64,32):(32,1)))", ldsm, mma)),
        "((8,1),2,2):((1,0),16,8)"
    );
}
