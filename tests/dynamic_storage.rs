//! The dynamic engine's storage of a layout: leaves and tree inline up to `INLINE_LEAVES`
//! leaves and 48 tokens of tree, one heap allocation past them. Each way of building a layout
//! (parsing, from trees, from modes, modes of another, the algebra's results) and each reading
//! of it (text, trees, rank, depth, modes, evaluation) must agree across that boundary, and the
//! algebra must meet its definitions on layouts held either way.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use cute::dynamic::{complement, composition, logical_divide, right_inverse, IntTuple, Layout, Tiler, INLINE_LEAVES};

fn lay(s: &str) -> Layout {
    s.parse().unwrap_or_else(|e| panic!("{}: {}", s, e))
}

fn hash(l: &Layout) -> u64 {
    let mut h = DefaultHasher::new();
    l.hash(&mut h);
    h.finish()
}

/// `n` leaves `2:2^k`, flat: the compact column-major layout of `n` twos.
fn twos(n: usize) -> String {
    twos_by(n, |k| 1 << k)
}

/// `depth` parentheses around `4:1`.
fn nested(depth: usize) -> String {
    format!("{}4{}:{}1{}", "(".repeat(depth), ")".repeat(depth), "(".repeat(depth), ")".repeat(depth))
}

/// The value at `i` from the leaves alone: colexicographic digits, the last leaf taking the rest.
fn eval_by_hand(l: &Layout, i: i64) -> i64 {
    let modes = l.flat_modes();
    let mut rest = i;
    let mut offset = 0;
    for (k, (s, d)) in modes.iter().enumerate() {
        let c = if k + 1 == modes.len() { rest } else { rest % s };
        rest /= s;
        offset += c * d;
    }
    offset
}

/// Every reading of `l` agrees with its text `text`.
fn check_readings(l: &Layout, text: &str) {
    assert_eq!(l.to_string(), text);
    let (shape, stride) = text.split_once(':').unwrap();
    assert_eq!(l.shape(), shape.parse::<IntTuple>().unwrap(), "shape of {}", text);
    assert_eq!(l.stride(), stride.parse::<IntTuple>().unwrap(), "stride of {}", text);
    assert_eq!(l.rank(), l.shape().rank(), "rank of {}", text);
    assert_eq!(l.depth(), l.shape().depth(), "depth of {}", text);
    assert_eq!(Layout::new(l.shape(), l.stride()).unwrap(), *l, "{} from its trees", text);
    let modes = l.modes();
    assert_eq!(modes.len(), l.rank());
    for (i, m) in modes.iter().enumerate() {
        assert_eq!(m.shape(), *l.shape().mode(i).unwrap(), "mode {} of {}", i, text);
        assert_eq!(m.stride(), *l.stride().mode(i).unwrap(), "mode {} of {}", i, text);
    }
    if !l.shape().is_leaf() {
        let again = Layout::from_modes(modes);
        assert_eq!(again, *l, "{} from its modes", text);
        assert_eq!(hash(&again), hash(l), "hash of {} from its modes", text);
    }
    let size = l.size().unwrap();
    for i in (0..size).step_by((size as usize / 64).max(1)) {
        assert_eq!(l.call(i).unwrap(), eval_by_hand(l, i), "{}({})", text, i);
        assert_eq!(l.call(i).unwrap(), l.call_coord(&IntTuple::Leaf(i)).unwrap(), "{}({})", text, i);
    }
}

#[test]
fn layouts_on_both_sides_of_the_inline_size_read_alike() {
    for n in [1, 2, INLINE_LEAVES - 1, INLINE_LEAVES, INLINE_LEAVES + 1, 40] {
        let text = twos(n);
        check_readings(&lay(&text), &text);
    }
    // 48 tokens of tree hold 23 parentheses around a leaf; 24 take the heap.
    for depth in [1, 23, 24, 30] {
        let text = nested(depth);
        check_readings(&lay(&text), &text);
    }
    check_readings(&lay("((),4,(())):((),1,(()))"), "((),4,(())):((),1,(()))");
    check_readings(&lay("():()"), "():()");
    check_readings(&lay("7:3"), "7:3");
    // A tuple of leaves has its leaves for modes; a nested mode, anywhere, is read from the tree.
    for text in
        ["(2,3,5):(1,2,6)", "(2,(3,4),5):(1,(2,6),24)", "((2,3)):((1,2))", "((2,3),4):((1,2),6)", "(2,(3)):(1,(2))"]
    {
        check_readings(&lay(text), text);
    }
    let (shape, stride) = twos(20).split_once(':').map(|(s, d)| (s.to_string(), d.to_string())).unwrap();
    let text = format!("(({}),3):(({}),0)", &shape[1..shape.len() - 1], &stride[1..stride.len() - 1]);
    check_readings(&lay(&text), &text);
}

#[test]
fn modes_cross_the_inline_size_when_joined() {
    // Three modes of 8 leaves: the third no longer fits in place, and the joined layout must
    // equal the parsed one, hash alike, and give its modes back.
    let mode = lay(&twos(8));
    let joined = Layout::from_modes(vec![mode.clone(), mode.clone(), mode.clone()]);
    let (shape, stride) = twos(8).split_once(':').map(|(s, d)| (s.to_string(), d.to_string())).unwrap();
    let text = format!("({0},{0},{0}):({1},{1},{1})", shape, stride);
    let parsed = lay(&text);
    assert_eq!(joined, parsed);
    assert_eq!(hash(&joined), hash(&parsed));
    assert_eq!(joined.mode(2).unwrap(), mode);
    check_readings(&joined, &text);
    // And a mode of a heap layout that fits in place equals the same mode parsed.
    assert_eq!(parsed.mode(1).unwrap().to_string(), mode.to_string());
    assert_eq!(parsed.flatten().rank(), 24);
}

/// The text of the flat layout of `n` twos with strides `stride(0), ..., stride(n - 1)`.
fn twos_by(n: usize, stride: impl Fn(usize) -> i64) -> String {
    let strides: Vec<String> = (0..n).map(|k| stride(k).to_string()).collect();
    format!("({}):({})", vec!["2"; n].join(","), strides.join(","))
}

#[test]
fn algebra_on_heap_layouts_meets_its_definitions() {
    // 2^20 elements in 20 leaves.
    let a = lay(&twos(20));
    // A o B on B's domain, B of 18 leaves picking every other element.
    let b = lay(&twos_by(18, |k| 1 << (k + 1)));
    let r = composition(&a, &b).unwrap();
    assert_eq!(r.size().unwrap(), b.size().unwrap());
    for i in (0..b.size().unwrap()).step_by(997) {
        assert_eq!(r.call(i).unwrap(), a.call(b.call(i).unwrap()).unwrap(), "(A o B)({})", i);
    }
    // The complement of the even bits is the odd bits, worked by hand: 17 modes 2:2^(2k+1).
    let evens = lay(&twos_by(17, |k| 1 << (2 * k)));
    let c = complement(&evens, &IntTuple::Leaf(1 << 34)).unwrap();
    assert_eq!(c.to_string(), twos_by(17, |k| 1 << (2 * k + 1)));
    // A divide of A (2^20:1 coalesced) by a 17-leaf tile: the tile, then the rest 8:2^17.
    let d = logical_divide(&a, &Tiler::Layout(lay(&twos(17)))).unwrap();
    let (tile_shape, tile_stride) = twos(17).split_once(':').map(|(s, d)| (s.to_string(), d.to_string())).unwrap();
    assert_eq!(d.to_string(), format!("({},8):({},131072)", tile_shape, tile_stride));
    // The right inverse of a permutation of 20 leaves undoes it.
    let rev = lay(&twos_by(20, |k| 1 << (19 - k)));
    let inv = right_inverse(&rev).unwrap();
    for i in (0..1 << 20).step_by(1013) {
        assert_eq!(rev.call(inv.call(i).unwrap()).unwrap(), i, "L(R({}))", i);
    }
}

/// Reading a layout's text straight into place agrees with the notation's parser on every text:
/// random strings over the characters of plain layouts (most malformed), and well-formed ones.
#[test]
fn plain_text_reads_as_the_parser_reads_it() {
    use cute::dynamic::Term;
    let full = |s: &str| Term::parse(s).and_then(|t| t.to_layout());
    let show = |r: Result<Layout, cute::dynamic::Error>| match r {
        Ok(l) => format!("ok {}", l),
        Err(e) => format!("{:?}: {}", e.kind(), e),
    };
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let alphabet = b"()(),,:-0123456789 _";
    let mut texts: Vec<String> = vec![
        "4:1".into(),
        "(4,(3,2)):(2,(8,1))".into(),
        "((),4,(())):((),1,(()))".into(),
        "(4,0):(1,2)".into(),
        "(4,-2):(1,2)".into(),
        "04:-0".into(),
        "9223372036854775807:-9223372036854775808".into(),
        "9223372036854775808:1".into(),
        "(4,8):(1,4".into(),
        "(4,8)::(1,4)".into(),
        "(4,8):(1,(4))".into(),
        format!("{}:{}", twos(16).split_once(':').unwrap().0, twos(16).split_once(':').unwrap().1),
        twos(17),
        nested(23),
        nested(24),
    ];
    for _ in 0..20_000 {
        let len = 1 + next(24) as usize;
        texts.push((0..len).map(|_| alphabet[next(alphabet.len() as u64) as usize] as char).collect());
    }
    // Well-formed ones: a random tree, its shape and a congruent stride.
    for _ in 0..5_000 {
        let (mut shape, mut stride) = (String::new(), String::new());
        let mut depth = 0;
        let mut due = true;
        for _ in 0..12 {
            match next(4) {
                0 if due => {
                    shape.push('(');
                    stride.push('(');
                    depth += 1;
                }
                1 if depth > 0 => {
                    shape.push(')');
                    stride.push(')');
                    depth -= 1;
                    due = false;
                }
                2 if !due && depth > 0 => {
                    shape.push(',');
                    stride.push(',');
                    due = true;
                }
                _ if due => {
                    shape += &(next(9) as i64).to_string();
                    stride += &(next(41) as i64 - 20).to_string();
                    due = false;
                }
                _ => {}
            }
        }
        shape += &")".repeat(depth);
        stride += &")".repeat(depth);
        texts.push(format!("{}:{}", shape, stride));
    }
    let mut read = 0;
    for t in &texts {
        let (got, want) = (show(t.parse::<Layout>()), show(full(t)));
        assert_eq!(got, want, "{:?}", t);
        read += got.starts_with("ok") as usize;
    }
    assert!(read > 1_000, "only {} texts were layouts", read);
}

/// The natural coordinate of index `i` (colexicographic, congruent to the shape), and its offset
/// worked from the leaves: the inner product of the leaf coordinates with the strides.
fn natural(shape: &IntTuple, stride: &IntTuple, i: &mut i64, offset: &mut i128) -> IntTuple {
    match (shape, stride) {
        (IntTuple::Leaf(s), IntTuple::Leaf(d)) => {
            let c = *i % s;
            *i /= s;
            *offset += i128::from(c) * i128::from(*d);
            IntTuple::Leaf(c)
        }
        (IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
            IntTuple::Tuple(s.iter().zip(d).map(|(s, d)| natural(s, d, i, offset)).collect())
        }
        _ => unreachable!("congruent"),
    }
}

#[test]
fn natural_coordinates_evaluate_in_place() {
    let texts = [
        "8:3".to_string(),
        "(4,(3,2)):(2,(8,1))".to_string(),
        "((2,2),(),(3,(1,5))):((1,-2),(),(7,(0,100)))".to_string(),
        twos(INLINE_LEAVES + 3),
        nested(30),
    ];
    for text in &texts {
        let l = lay(text);
        let size = l.size().unwrap();
        for i in (0..size).step_by((size as usize / 64).max(1)) {
            let (mut rest, mut want) = (i, 0i128);
            let c = natural(&l.shape(), &l.stride(), &mut rest, &mut want);
            assert_eq!(l.call_coord(&c).unwrap() as i128, want, "{}({})", text, c);
            assert_eq!(l.call_coord(&c).unwrap(), l.call(i).unwrap(), "{}({})", text, c);
        }
    }
    // Coordinates that are not natural: an integer for a mode splits it, other ranks are refused.
    let l = lay("(4,(3,2)):(2,(8,1))");
    assert_eq!(l.call_coord(&"(1,5)".parse().unwrap()).unwrap(), 2 + 16 + 1);
    for bad in ["(1,(2,1,0))", "(1)", "((1,0),(2,1))", "(1,(2,1),0)"] {
        let e = l.call_coord(&bad.parse().unwrap()).unwrap_err();
        assert_eq!(e.kind(), cute::dynamic::ErrorKind::RankMismatch, "{}", bad);
        assert!(e.to_string().contains("does not fit shape"), "{}: {}", bad, e);
    }
    // A sum past i64 is the overflow error; one whose terms cancel is its exact value.
    let big = lay("(2,2):(4611686018427387904,4611686018427387904)");
    let e = big.call_coord(&"(1,1)".parse().unwrap()).unwrap_err();
    assert_eq!(e.kind(), cute::dynamic::ErrorKind::Overflow);
    let cancel = lay("(2,2,2):(9223372036854775807,1,-9223372036854775807)");
    assert_eq!(cancel.call_coord(&"(1,1,1)".parse().unwrap()).unwrap(), 1);
}
