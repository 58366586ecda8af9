//! CuTe's vocabulary of integer tuples and layouts: each function against values from CuTe's
//! documentation (`02_layout_algebra.md`, the headers' comments) or worked by hand from its
//! definition, and against that definition by brute force where one exists.

use cute::dynamic::{
    compatible, crd2idx, domain_distribute, evenly_divides, idx2crd, local_partition, local_partition_proj, shape_div,
    shape_mod, tile_to_shape, tile_to_shape_ordered, weakly_compatible, ErrorKind, IntTuple, Layout,
};

fn t(s: &str) -> IntTuple {
    s.parse().unwrap()
}

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

#[test]
fn shape_mod_and_shape_div_split_a_shape_as_the_documentation_does() {
    // 02_layout_algebra.md, "modding out" and "dividing out" the first elements of a shape.
    for (a, b, modded, divided) in [
        ("(6,2)", "2", "(2,1)", "(3,2)"),
        ("(6,2)", "3", "(3,1)", "(2,2)"),
        ("(6,2)", "6", "(6,1)", "(1,2)"),
        ("(6,2)", "12", "(6,2)", "(1,1)"),
        ("(3,6,2,8)", "6", "(3,2,1,1)", "(1,3,2,8)"),
        ("(3,6,2,8)", "9", "(3,3,1,1)", "(1,2,2,8)"),
        ("(3,6,2,8)", "72", "(3,6,2,2)", "(1,1,1,4)"),
        ("(1,2,2,8)", "2", "(1,2,1,1)", "(1,1,2,8)"),
        ("(1,2,2,8)", "16", "(1,2,2,4)", "(1,1,1,2)"),
    ] {
        assert_eq!(shape_mod(&t(a), &t(b)).unwrap().to_string(), modded, "{} % {}", a, b);
        assert_eq!(shape_div(&t(a), &t(b)).unwrap().to_string(), divided, "{} / {}", a, b);
    }
    // Mode by mode, and an integer by a tuple's product.
    assert_eq!(shape_mod(&t("(8,(4,6))"), &t("(2,8)")).unwrap().to_string(), "(2,(4,2))");
    assert_eq!(shape_mod(&t("4"), &t("(2,4)")).unwrap().to_string(), "4");
    let e = shape_mod(&t("(6,2)"), &t("4")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ShapeDivisibility);
    assert_eq!(e.to_string(), "shape divisibility: shape_mod(6, 4): neither divides the other");
    let e = shape_mod(&t("(2,3)"), &t("(2,3,4)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::RankMismatch);
    assert_eq!(shape_mod(&t("0"), &t("4")).unwrap_err().kind(), ErrorKind::InvalidArgument);
}

/// Every flat shape of up to three leaves in 1..=12 and every divisor n up to its size: where
/// the divisibility holds at each step, modding out keeps the first n elements and dividing out
/// the rest, so their product is the shape leaf by leaf and the kept ones number n.
#[test]
fn shape_mod_times_shape_div_is_the_shape() {
    let mut checked = 0;
    for a in 1..=12i64 {
        for b in 1..=12i64 {
            for c in [1i64, 2, 3, 4, 6] {
                let shape = IntTuple::flat(&[a, b, c]);
                for n in 1..=a * b * c {
                    let (Ok(m), Ok(d)) = (shape_mod(&shape, &n.into()), shape_div(&shape, &n.into())) else {
                        continue;
                    };
                    let (m, d) = (m.flat_leaves(), d.flat_leaves());
                    let product: Vec<i64> = m.iter().zip(&d).map(|(x, y)| x * y).collect();
                    assert_eq!(product, shape.flat_leaves(), "{} by {}", shape, n);
                    assert_eq!(m.iter().product::<i64>(), n.min(a * b * c), "{} by {}", shape, n);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 4_000, "{} cases", checked);
}

#[test]
fn evenly_divides_by_a_tuple_goes_mode_by_mode_and_by_an_integer_fills_the_modes_in_turn() {
    for (shape, tiler, want) in [
        ("(8,6)", "(4,3)", true),
        ("(8,6)", "(4,4)", false),
        // 4 divides the 8; 16 takes the 8 and 2 of the 6.
        ("(8,6)", "4", true),
        ("(8,6)", "16", true),
        // 5 x ceil(48 / 5) tiles = 50 > 48.
        ("(8,6)", "5", false),
        // A tiler with more modes than the shape.
        ("8", "(4,2)", false),
        // Modes past the tiler's are not tiled.
        ("(8,6,7)", "(4,3)", true),
        ("((8,6),4)", "(16,2)", true),
        ("((8,6),4)", "(5,2)", false),
    ] {
        assert_eq!(evenly_divides(&t(shape), &t(tiler)).unwrap(), want, "{} by {}", shape, tiler);
    }
    let e = evenly_divides(&t("(8,6)"), &t("0")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(e.to_string(), "invalid argument: evenly_divides((8,6), 0): the tile size 0 is not positive");
}

/// The definition: A is weakly compatible with B when some shape C congruent to A makes A
/// scaled by C leaf by leaf compatible with B. Brute force over C's leaves up to size(B).
fn weakly_compatible_by_definition(a: &IntTuple, b: &IntTuple) -> bool {
    let leaves = a.flat_leaves();
    let most = b.size().unwrap();
    let mut scale = vec![1i64; leaves.len()];
    loop {
        let scaled: Vec<i64> = leaves.iter().zip(&scale).map(|(x, c)| x * c).collect();
        if compatible(&a.unflatten(&scaled).unwrap(), b).unwrap() {
            return true;
        }
        // The next C, odometer-wise; none left means none fits.
        let Some(k) = scale.iter().position(|&c| c < most) else {
            return false;
        };
        scale[..k].iter_mut().for_each(|c| *c = 1);
        scale[k] += 1;
    }
}

#[test]
fn weakly_compatible_is_its_definition() {
    let shapes =
        ["1", "2", "3", "4", "6", "8", "12", "16", "(2)", "(4)", "(16)", "(2,3)", "(4,2)", "(2,(2,3))", "(4,(2,2))"];
    let targets = ["8", "12", "16", "(16)", "(4,6)", "(8,2)", "((2,4),6)", "(4,(6,2))", "(2,3,4)"];
    for a in shapes {
        for b in targets {
            let want = weakly_compatible_by_definition(&t(a), &t(b));
            assert_eq!(weakly_compatible(&t(a), &t(b)).unwrap(), want, "{} ~ {}", a, b);
        }
    }
    // By hand: 8 is 16 scaled by... nothing (8 * c = 16 needs c = 2, fine), 16 into 8 is not.
    assert!(weakly_compatible(&t("8"), &t("16")).unwrap());
    assert!(!weakly_compatible(&t("16"), &t("8")).unwrap());
    assert!(!weakly_compatible(&t("(16)"), &t("16")).unwrap());
    assert_eq!(weakly_compatible(&t("0"), &t("4")).unwrap_err().kind(), ErrorKind::InvalidArgument);
}

#[test]
fn domain_distribute_takes_gcds_of_the_column_major_domain() {
    // The header's example: 6 elements of a 15 x 14 domain, 3 of the first mode, 2 of the second.
    assert_eq!(domain_distribute(&t("(15,14)"), 6).unwrap().to_string(), "(3,2):(1,15)");
    // By hand: gcd(3,10) = 1, gcd(4,10) = 2, gcd(5,5) = 5 at strides 1, 3, 12.
    assert_eq!(domain_distribute(&t("(3,4,5)"), 10).unwrap().to_string(), "(2,5):(3,12)");
    // gcd(4,8) = 4 and gcd(8,2) = 2: (4,2):(1,4), contiguous.
    assert_eq!(domain_distribute(&t("(4,8)"), 8).unwrap().to_string(), "8:1");
    // Only 16 of 64 exist.
    assert_eq!(domain_distribute(&t("((2,2),4)"), 64).unwrap().to_string(), "16:1");
    // The stride after the last mode is never computed: 2^62 x 4 is a valid domain.
    assert_eq!(domain_distribute(&t("(4611686018427387904,4)"), 2).unwrap().to_string(), "2:1");
    let e = domain_distribute(&t("(4,4)"), 0).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(e.to_string(), "invalid argument: domain_distribute((4,4), 0): the count must be positive");
    // Post-conditions over small shapes: the size divides n, the strides increase, and each
    // element is one of the shape's column-major domain.
    for a in 1..=8i64 {
        for b in 1..=8i64 {
            for n in 1..=64i64 {
                let r = domain_distribute(&IntTuple::flat(&[a, b]), n).unwrap();
                assert_eq!(n % r.size().unwrap(), 0, "({},{}) {}", a, b, n);
                let offsets: Vec<i64> = (0..r.size().unwrap()).map(|i| r.call(i).unwrap()).collect();
                assert!(offsets.windows(2).all(|w| w[0] < w[1]), "({},{}) {}: {:?}", a, b, n, offsets);
                assert!(offsets.iter().all(|&o| o < a * b));
            }
        }
    }
}

#[test]
fn idx2crd_and_crd2idx_of_tuples_and_strides() {
    // Mode by mode: (1,5) in (3,(2,3)) is 1 in 3 and 5 in (2,3).
    assert_eq!(idx2crd(&t("(1,5)"), &t("(3,(2,3))")).unwrap().to_string(), "(1,(1,2))");
    assert_eq!(idx2crd(16, &t("(3,(2,3))")).unwrap().to_string(), "(1,(1,2))");
    // The last mode is not reduced.
    assert_eq!(idx2crd(7, &t("(2,3)")).unwrap().to_string(), "(1,3)");
    // Offsets of a layout: (5 / 3) % 2 and (5 / 1) % 3.
    assert_eq!(idx2crd(5, (&t("(2,3)"), &t("(3,1)"))).unwrap().to_string(), "(1,2)");
    // An integer stride for a tuple shape: its compact strides from there, (1,2,6) times 2.
    assert_eq!(idx2crd(22, (&t("(2,3,4)"), &t("2"))).unwrap().to_string(), "(1,2,1)");
    assert_eq!(crd2idx(&t("(1,(1,2))"), (&t("(3,(2,3))"), &t("(1,(3,6))"))).unwrap(), 16);
    assert_eq!(crd2idx(&t("(1,5)"), (&t("(3,(2,3))"), &t("(1,(3,6))"))).unwrap(), 16);
    assert_eq!(crd2idx(&t("(1,5)"), &t("(3,(2,3))")).unwrap(), 16);
    // Round trip over every coordinate of compact layouts, by their strides.
    for (s, d) in [("(2,3)", "(3,1)"), ("(4,(2,3))", "(6,(1,2))"), ("((2,2),(3,2))", "((1,12),(2,6))")] {
        let layout = Layout::new(t(s), t(d)).unwrap();
        for i in 0..layout.size().unwrap() {
            let c = idx2crd(i, &t(s)).unwrap();
            let offset = crd2idx(&c, (&t(s), &t(d))).unwrap();
            assert_eq!(offset, layout.call(i).unwrap());
            assert_eq!(idx2crd(offset, (&t(s), &t(d))).unwrap(), c, "{} in {}:{}", offset, s, d);
        }
    }
    let e = idx2crd(&t("(1,5)"), &t("8")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::RankMismatch);
    assert_eq!(e.to_string(), "rank mismatch: idx2crd((1,5), 8): a tuple index for an integer shape");
    let e = idx2crd(&t("(1,5,2)"), &t("(3,(2,3))")).unwrap_err();
    assert_eq!(e.to_string(), "rank mismatch: idx2crd((1,5,2), (3,(2,3))): rank 3 vs rank 2");
    assert_eq!(idx2crd(5, (&t("(4611686018427387904,4)"), &t("1"))).unwrap().to_string(), "(5,0)");
    let e = idx2crd(5, (&t("(2,0)"), &t("(1,2)"))).unwrap_err();
    assert_eq!(e.to_string(), "invalid argument: idx2crd(5, 0, 2): the extent 0 is not positive");
    let e = idx2crd(5, (&t("(2,3)"), &t("(0,1)"))).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    let e = crd2idx(&t("(1,2)"), (&t("(2,3)"), &t("(1,(2,3))"))).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::RankMismatch);
    assert_eq!(
        e.to_string(),
        "rank mismatch: crd2idx((1,2), (2,3), (1,(2,3))): the stride is not congruent with the shape"
    );
}

#[test]
fn tile_to_shape_lays_the_copies_out_in_the_given_order() {
    // By hand: the block (2,3):(3,1) twice along each mode of (4,6). Column-major copies
    // (2,2):(1,2) become complement((2,3):(3,1), 24) = 4:6 composed with them, (2,2):(6,12);
    // row-major copies (2,2):(2,1) become (2,2):(12,6).
    let block = l("(2,3):(3,1)");
    assert_eq!(tile_to_shape(&block, &t("(4,6)")).unwrap().to_string(), "((2,2),(3,2)):((3,6),(1,12))");
    let r = tile_to_shape_ordered(&block, &t("(4,6)"), &t("(1,0)")).unwrap();
    assert_eq!(r.to_string(), "((2,2),(3,2)):((3,12),(1,6))");
    assert_eq!(
        tile_to_shape_ordered(&block, &t("(4,6)"), &t("(0,1)")).unwrap().to_string(),
        "((2,2),(3,2)):((3,6),(1,12))"
    );
    // Three modes, the third repeated first: order (1,2,0).
    let r = tile_to_shape_ordered(&block, &t("(4,6,2)"), &t("(1,2,0)")).unwrap();
    assert_eq!(r.to_string(), "((2,2),(3,2),(1,2)):((3,12),(1,24),(0,6))");
    let e = tile_to_shape_ordered(&block, &t("(4,6)"), &t("(1,0,2)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::RankMismatch);
    assert_eq!(
        e.to_string(),
        "rank mismatch: tile_to_shape((2,3):(3,1), (4,6), (1,0,2)): the order has rank 3, the target shape rank 2"
    );
}

#[test]
fn static_tile_to_shape_lays_the_copies_out_in_the_given_order() {
    use cute::{layout, shape, stride};
    // The hand-worked values of the dynamic test above, as types.
    let r = cute::tile_to_shape_ordered(layout!((2,3):(3,1)), shape!((4, 6)), stride!((1, 0)));
    assert_eq!(r.to_string(), "((_2,_2),(_3,_2)):((_3,_12),(_1,_6))");
    let r = cute::tile_to_shape_ordered(layout!((2,3):(3,1)), shape!((4, 6)), stride!((0, 1)));
    assert_eq!(r, cute::tile_to_shape(layout!((2,3):(3,1)), shape!((4, 6))));
    let r = cute::tile_to_shape_ordered(layout!((2,3):(3,1)), shape!((4, 6, 2)), stride!((1, 2, 0)));
    assert_eq!(r.to_string(), "((_2,_2),(_3,_2),(_1,_2)):((_3,_12),(_1,_24),(_0,_6))");
    // A shared-memory stage layout as CUTLASS builds one: a 8 x 64 K-major atom tiled to
    // 128 x 64 x 3 stages with Step<_2,_1,_3> (the copies along K first, then M, then stages).
    // By hand: copies (16,1,3), ordered strides (1,0,16) (mode 1, of one copy, first); blocked by
    // cosize(atom) = 512: ((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192)).
    let r = cute::tile_to_shape_ordered(layout!((8,64):(64,1)), shape!((128, 64, 3)), stride!((2, 1, 3)));
    assert_eq!(r.to_string(), "((_8,_16),(_64,_1),(_1,_3)):((_64,_512),(_1,_0),(_0,_8192))");
    // The static face and the dynamic engine agree.
    for (b, s, o, r) in [
        (
            "(8,64):(64,1)",
            "(128,128,4)",
            "(2,1,3)",
            cute::tile_to_shape_ordered(layout!((8,64):(64,1)), shape!((128, 128, 4)), stride!((2, 1, 3))).to_dynamic(),
        ),
        (
            "(8,2):(2,1)",
            "((2,12),2,3)",
            "(2,0,1)",
            cute::tile_to_shape_ordered(layout!((8,2):(2,1)), shape!(((2, 12), 2, 3)), stride!((2, 0, 1))).to_dynamic(),
        ),
        (
            "(2,2):(1,2)",
            "(4,8)",
            "(1,1)",
            cute::tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4, 8)), stride!((1, 1))).to_dynamic(),
        ),
    ] {
        assert_eq!(r, tile_to_shape_ordered(&l(b), &t(s), &t(o)).unwrap(), "tile_to_shape({}, {}, {})", b, s, o);
    }
}

#[test]
fn tile_to_shape_with_an_order_and_runtime_extents() {
    use cute::{layout, shape, stride};
    // By hand: the block (2,2):(1,2) along (4,n) with n = 8: copies (2,4); by order (1,0) the
    // copies along mode 1 first, stride 1, then mode 0, stride 4 (the runtime count of mode 1);
    // blocked by cosize 4: ((2,2),(2,4)):((1,16),(2,4)). A stride stays static where the counts
    // before it are: mode 1's `_4`, not mode 0's 16.
    let n: i64 = 8;
    let r = cute::tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4, { n })), stride!((1, 0))).unwrap();
    assert_eq!(r.to_string(), "((_2,_2),(_2,4)):((_1,16),(_2,_4))");
    // A K-major 8 x 4 atom to (16, k, 3) stages with Step<_2,_1,_3>, k = 32: copies (2,8,3),
    // ordered strides (8,1,16), times cosize 32: ((8,2),(4,8),(1,3)):((4,256),(1,32),(0,512));
    // only mode 1's copies (order 1, the first group) keep a static stride.
    let k: i64 = 32;
    let r = cute::tile_to_shape_ordered(layout!((8,4):(4,1)), shape!((16, { k }, 3)), stride!((2, 1, 3))).unwrap();
    assert_eq!(r.to_string(), "((_8,_2),(_4,8),(_1,_3)):((_4,256),(_1,_32),(_0,512))");
    // The dynamic engine agrees, on these and on a leaf target with a leaf order.
    for (b, s, o, r) in [
        (
            "(2,2):(1,2)",
            "(4,8)",
            "(1,0)",
            cute::tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4, { n })), stride!((1, 0)))
                .unwrap()
                .to_dynamic(),
        ),
        (
            "(8,4):(4,1)",
            "(16,32,3)",
            "(2,1,3)",
            cute::tile_to_shape_ordered(layout!((8,4):(4,1)), shape!((16, { k }, 3)), stride!((2, 1, 3)))
                .unwrap()
                .to_dynamic(),
        ),
        (
            "(8,2):(2,1)",
            "((2,12),2,3)",
            "(2,0,1)",
            cute::tile_to_shape_ordered(layout!((8,2):(2,1)), shape!(((2, { 4 * 3i64 }), 2, 3)), stride!((2, 0, 1)))
                .unwrap()
                .to_dynamic(),
        ),
        (
            "4:0",
            "12",
            "0",
            cute::tile_to_shape_ordered(layout!(4:0), shape!({ 12i64 }), stride!(0)).unwrap().to_dynamic(),
        ),
    ] {
        assert_eq!(r, tile_to_shape_ordered(&l(b), &t(s), &t(o)).unwrap(), "tile_to_shape({}, {}, {})", b, s, o);
    }
    // A block mode that does not divide the target's is a runtime error, as without an order.
    let e = cute::tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4, { 7i64 })), stride!((1, 0))).unwrap_err();
    assert_eq!(e.kind(), cute::error::ErrorKind::TileToShapeDivisibility);
    assert_eq!(
        e.to_string(),
        "tile_to_shape divisibility: tile_to_shape((2,2):(1,2), (4,7)): block mode size 2 does not divide target mode size 7"
    );
}

#[test]
fn static_tile_to_shape_of_a_leaf_has_cute_s_modes() {
    use cute::{layout, shape};
    // CuTe C++'s results (the oracle's pubc-tile_to_shape-0065, -0112, -0063, -0114): the copies
    // of a leaf block along a leaf target are a rank-1 tuple, those of a rank-1 block a leaf.
    assert_eq!(cute::tile_to_shape(layout!(4:0), shape!(12)).to_string(), "((_4,(_3))):((_0,(_1)))");
    assert_eq!(cute::tile_to_shape(layout!(3:6), shape!(3)).to_string(), "((_3,(_1))):((_6,(_0)))");
    assert_eq!(cute::tile_to_shape(layout!((8):(1)), shape!(8)).to_string(), "((_8,_1)):((_1,_0))");
    assert_eq!(cute::tile_to_shape(layout!((8):(1)), shape!(16)).to_string(), "((_8,_2)):((_1,_8))");
    // The same through the dynamic engine and with an order.
    assert_eq!(tile_to_shape(&l("4:0"), &t("12")).unwrap().to_string(), "((4,(3))):((0,(1)))");
    let r = cute::tile_to_shape_ordered(layout!(4:0), shape!(12), cute::stride!(0));
    assert_eq!(r.to_string(), "((_4,(_3))):((_0,(_1)))");
}

#[test]
fn local_partition_with_a_projection_uses_the_kept_thread_modes() {
    // A 64 x 32 column-major tensor, threads (2,16,1):(16,1,0); thread 17 is (1,1,0).
    let a = l("(64,32):(1,64)");
    let thr = l("(2,16,1):(16,1,0)");
    // Modes 0 and 2: tiles (2,1) at (1,0), one row of two in each.
    let (part, offset) = local_partition_proj(&a, &thr, 17, &"(1,_,1)".parse().unwrap()).unwrap();
    assert_eq!(format!("{} o {}", offset, part), "1 o (32,32):(2,64)");
    // Modes 0 and 1: tiles (2,16) at (1,1), offset 1 + 64.
    let (part, offset) = local_partition_proj(&a, &thr, 17, &"(1,1,_)".parse().unwrap()).unwrap();
    assert_eq!(format!("{} o {}", offset, part), "65 o (32,2):(2,1024)");
    // A nested entry dices inside its mode (CuTe's dice((1,(X,1)), thr)): (2,(4,4)):(1,(2,8))
    // by (1,(_,1)) is (2,4):(1,8); thread 17 is (1,2) there, the tile (2,4): offset 1 + 2 * 64.
    let nested = l("(2,(4,4)):(1,(2,8))");
    let (part, offset) = local_partition_proj(&a, &nested, 17, &"(1,(_,1))".parse().unwrap()).unwrap();
    assert_eq!(format!("{} o {}", offset, part), "129 o (32,8):(2,256)");
    // Keeping each leaf of a nested mode splices them: ((2,2,1)) by ((1,1,1)) is (2,2,1); thread 2
    // is (1,0,0).
    let (part, offset) =
        local_partition_proj(&l("(16,8,2):(1,16,128)"), &l("((2,2,1)):((2,1,0))"), 2, &"((1,1,1))".parse().unwrap())
            .unwrap();
    assert_eq!(format!("{} o {}", offset, part), "1 o (8,4,2):(2,32,128)");
    // Keeping every mode is local_partition.
    let thr2 = l("(2,16):(16,1)");
    assert_eq!(
        local_partition_proj(&a, &thr2, 17, &"(1,1)".parse().unwrap()).unwrap(),
        local_partition(&a, &thr2, 17).unwrap()
    );
    // The index is a thread of the whole thread layout.
    let e = local_partition_proj(&a, &thr, 32, &"(1,_,1)".parse().unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::IndexOutOfRange);
    let e = local_partition_proj(&a, &thr, 1, &"(1,_)".parse().unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::RankMismatch);
    assert_eq!(
        e.to_string(),
        "rank mismatch: local_partition: the projection (1,_) needs one entry per mode of the thread layout (2,16,1):(16,1,0)"
    );
}

#[test]
fn static_local_partition_with_a_projection_equals_the_dynamic_one() {
    use cute::tensor::{make_tensor, Counting};
    use cute::{layout, step};
    let thr = layout!((2,16,1):(16,1,0));
    for index in 0..32 {
        let a = make_tensor(Counting(64 * 32), layout!((64,32):(1,64))).unwrap();
        let static_a = a.local_partition_proj(thr, index, step!((1, _, 1))).unwrap();
        let (part, offset) =
            local_partition_proj(&l("(64,32):(1,64)"), &thr.to_dynamic(), index as i64, &"(1,_,1)".parse().unwrap())
                .unwrap();
        assert_eq!(static_a.to_string().replace('_', ""), format!("{} o {}", offset, part), "thread {}", index);
    }
}

#[test]
fn make_layout_of_layouts_concatenates_them() {
    use cute::{layout, make_layout};
    // CuTe: make_layout(A, B) has the modes A and B; make_layout(A) wraps A.
    let (a, b) = (layout!(4:1), layout!((2,3):(4,8)));
    assert_eq!(make_layout((a, b)).to_string(), "(_4,(_2,_3)):(_1,(_4,_8))");
    assert_eq!(make_layout((a, b, a)).to_string(), "(_4,(_2,_3),_4):(_1,(_4,_8),_1)");
    assert_eq!(make_layout(b).to_string(), "((_2,_3)):((_4,_8))");
    assert_eq!(Layout::from_modes(vec![l("4:1"), l("(2,3):(4,8)")]).to_string(), "(4,(2,3)):(1,(4,8))");
    // Each function of the result is its modes'.
    let ab = make_layout((a, b));
    for i in 0..4 {
        for j in 0..6 {
            assert_eq!(ab.call(i + 4 * j), a.call(i) + b.call(j));
        }
    }
    let m = 5i64;
    let r = layout!(({m}):(3)).unwrap();
    let e = make_layout((r, layout!(({i64::MAX}):(1)).unwrap())).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
}
