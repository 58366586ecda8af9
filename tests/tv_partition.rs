//! Seed 002 (`../shared/seeds/002_*.txt`): the thread-value partition of a 128 x 128 row-major C
//! tile over 256 threads (16 x 16, thread k at row group k/16 and column group k%16) with the
//! permutation tilers `(16,4):(4,1)`, `(16,4):(1,16)` and `(16,8):(8,1)`.
//!
//! Every number the seed tabulates is computed by the algebra (the divide, `make_layout_tv`,
//! `partition_tv`) and checked against the seed's value, and every thread's partition against
//! the seed's hand-indexed loop (`row = tm * group_stride + r * chunk_stride + 64 * rest`).

use std::collections::BTreeSet;

use cute::dynamic::{logical_divide, make_layout_tv, Layout, Tiler};
use cute::tensor::{make_tensor, Counting, Tensor};
use cute::{layout, tiler};

const PERMS: [&str; 3] = ["(16,4):(4,1)", "(16,4):(1,16)", "(16,8):(8,1)"];

fn c_layout() -> Layout {
    "(128,128):(128,1)".parse().unwrap()
}

fn per_mode(perm: &Layout) -> Tiler {
    Tiler::Tuple(vec![Tiler::Layout(perm.clone()), Tiler::Layout(perm.clone())])
}

/// Thread `k`'s (V, M, N) partition of C, as a tensor of C's offsets.
fn partition(perm: &Layout, k: i64) -> Tensor<Counting, Layout> {
    let c = make_tensor(Counting(128 * 128), c_layout()).unwrap();
    let threads: Layout = "(16,16):(16,1)".parse().unwrap();
    let (tiler, tv) = make_layout_tv(&threads, &Layout::column_major("(1,1)".parse().unwrap()).unwrap()).unwrap();
    assert_eq!((tiler.to_string(), tv.to_string()), ("(16,16)".to_string(), "((16,16),1):((16,1),0)".to_string()));
    c.logical_divide(&per_mode(perm)).unwrap().partition_tv(&tiler.to_string().parse().unwrap(), &tv, k).unwrap()
}

#[test]
fn logical_divide_strides_are_the_seeds() {
    // The M mode (stride 128) divided by each permutation: (F, R, rest) strides, then the static
    // face gives the same layout.
    let expected =
        [((16, 512), (4, 128), Some((2, 8192))), ((16, 128), (4, 2048), Some((2, 8192))), ((16, 1024), (8, 128), None)];
    for (perm, (f, r, rest)) in PERMS.iter().zip(expected) {
        let d = logical_divide(&"128:128".parse().unwrap(), &perm.parse().unwrap()).unwrap();
        let (tile, rest_mode) = (d.mode(0).unwrap(), d.mode(1).unwrap());
        let leaf = |l: &Layout, i: usize| {
            let m = l.mode(i).unwrap();
            (m.shape().as_int().unwrap(), m.stride().as_int().unwrap())
        };
        assert_eq!((leaf(&tile, 0), leaf(&tile, 1)), (f, r), "{}", perm);
        match rest {
            Some(rest) => assert_eq!(leaf(&d, 1), rest, "{}", perm),
            None => assert_eq!(rest_mode.size().unwrap(), 1, "{}: the permutation covers all 128", perm),
        }
    }
    let s = cute::logical_divide(layout!((128,128):(128,1)), tiler!(<(16,4):(4,1),(16,4):(4,1)>));
    assert_eq!(s.to_string(), "(((_16,_4),_2),((_16,_4),_2)):(((_512,_128),_8192),((_4,_1),_64))");
    assert_eq!(s.to_dynamic(), logical_divide(&c_layout(), &per_mode(&PERMS[0].parse().unwrap())).unwrap());
}

#[test]
fn thread_zero_is_the_seeds() {
    let t = partition(&PERMS[0].parse().unwrap(), 0);
    assert_eq!(t.to_string(), "0 o (1,(4,2),(4,2)):(0,(128,8192),(1,64))");
    assert_eq!(t.size(), 64);
    let rows: BTreeSet<usize> = t.iter().map(|o| o / 128).collect();
    let cols: BTreeSet<usize> = t.iter().map(|o| o % 128).collect();
    let owned = BTreeSet::from([0, 1, 2, 3, 64, 65, 66, 67]);
    assert_eq!((rows, cols), (owned.clone(), owned));
    // Element [0][(2,1)][(3,0)] is at offset 8451, C[66][3].
    let o = t.get_coord(&"(0,(2,1),(3,0))".parse().unwrap()).unwrap();
    assert_eq!((o, o / 128, o % 128), (8451, 66, 3));
}

#[test]
fn every_thread_matches_the_hand_indexed_loop() {
    for perm_text in PERMS {
        let perm: Layout = perm_text.parse().unwrap();
        let (groups, chunk) = (perm.mode(0).unwrap(), perm.mode(1).unwrap());
        let (g_stride, r, r_stride) = (
            groups.stride().as_int().unwrap() as usize,
            chunk.shape().as_int().unwrap() as usize,
            chunk.stride().as_int().unwrap() as usize,
        );
        let covered = 16 * r;
        let rests = 128 / covered;
        let mut owner = vec![None; 128 * 128];
        for k in 0..256usize {
            let t = partition(&perm, k as i64);
            // The seed's loop: my_rows / my_cols from the group and chunk strides, then the
            // repetition at +covered.
            let (tm, tn) = (k / 16, k % 16);
            let lines = |g: usize| -> Vec<usize> {
                (0..rests).flat_map(|j| (0..r).map(move |i| g * g_stride + i * r_stride + covered * j)).collect()
            };
            let (my_rows, my_cols) = (lines(tm), lines(tn));
            assert_eq!(t.size(), my_rows.len() * my_cols.len(), "{} thread {}", perm_text, k);
            for (mi, row) in my_rows.iter().enumerate() {
                for (ni, col) in my_cols.iter().enumerate() {
                    let coord = format!("(0,{},{})", mi, ni).parse().unwrap();
                    let o = t.get_coord(&coord).unwrap();
                    assert_eq!(o, row * 128 + col, "{} thread {} ({}, {})", perm_text, k, mi, ni);
                }
            }
            for o in t.iter() {
                assert_eq!(owner[o], None, "{}: element {} owned twice", perm_text, o);
                owner[o] = Some(k);
            }
        }
        assert!(owner.iter().all(Option::is_some), "{}: an element no thread owns", perm_text);
    }
}

#[test]
fn the_layout_type_partitions_as_the_dynamic_engine() {
    // The same partition with static layouts: the divide, make_layout_tv and partition_tv in
    // the trait solver, thread by thread equal to the dynamic engine's.
    use cute::shape;
    let (tiler, tv) = cute::tensor::make_layout_tv(layout!((16,16):(16,1)), layout!((1, 1)));
    assert_eq!(tiler, shape!((16, 16)));
    assert_eq!(tv.to_string(), "((_16,_16),_1):((_16,_1),_0)");
    let perm: Layout = PERMS[0].parse().unwrap();
    for k in [0usize, 1, 17, 100, 255] {
        let c = make_tensor(Counting(128 * 128), layout!((128,128):(128,1))).unwrap();
        let t = c
            .logical_divide(tiler!(<(16,4):(4,1),(16,4):(4,1)>))
            .unwrap()
            .partition_tv(shape!((16, 16)), tv, k)
            .unwrap();
        let d = partition(&perm, k as i64);
        assert_eq!((t.base(), t.layout().to_dynamic()), (d.base(), d.layout().clone()), "thread {}", k);
        assert_eq!(t.iter().collect::<Vec<_>>(), d.iter().collect::<Vec<_>>());
    }
    let c = make_tensor(Counting(128 * 128), layout!((128,128):(128,1))).unwrap();
    let t0 =
        c.logical_divide(tiler!(<(16,4):(4,1),(16,4):(4,1)>)).unwrap().partition_tv(shape!((16, 16)), tv, 0).unwrap();
    assert_eq!(t0.to_string(), "0 o (_1,(_4,_2),(_4,_2)):(_0,(_128,_8192),(_1,_64))");
    let e = make_tensor(Counting(128 * 128), layout!((128,128):(128,1)))
        .unwrap()
        .partition_tv(shape!((16, 16)), tv, 256)
        .unwrap_err();
    assert_eq!(e.to_string(), "index out of range: partition_tv: index 256 is not below the size 256");
}

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

/// A layout of one or two leaves, extents 1 to 4, strides -1 to 8 (compact ones often).
fn small_layout(rng: &mut Rng) -> Layout {
    let rank = rng.range(1, 2);
    let s: Vec<i64> = (0..rank).map(|_| rng.range(1, 4)).collect();
    let compact = rng.range(0, 1) == 0;
    let d: Vec<i64> = if compact {
        if rank == 2 && rng.range(0, 1) == 0 {
            vec![s[1], 1]
        } else {
            vec![1, s[0]][..rank as usize].to_vec()
        }
    } else {
        (0..rank).map(|_| rng.range(-1, 8)).collect()
    };
    let show = |v: &[i64]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",");
    format!("({}):({})", show(&s), show(&d)).parse().unwrap()
}

/// Every TV layout `make_layout_tv` returns is a bijection from the `(thread, value)` indices
/// onto the tile's indices, over random thread and value layouts (injective or not, with holes
/// or not); every refusal of a raked product that is not a bijection is the one error.
#[test]
fn every_tv_layout_maps_onto_its_tile() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut made, mut refused) = (0, 0);
    for _ in 0..4000 {
        let (thr, val) = (small_layout(&mut rng), small_layout(&mut rng));
        match make_layout_tv(&thr, &val) {
            Ok((tiler, tv)) => {
                made += 1;
                let n = thr.size().unwrap() * val.size().unwrap();
                assert_eq!((tiler.size().unwrap(), tv.size().unwrap()), (n, n), "{} {}", thr, val);
                let reached: BTreeSet<i64> = (0..n).map(|i| tv.call(i).unwrap()).collect();
                assert_eq!(reached, (0..n).collect::<BTreeSet<_>>(), "make_layout_tv({}, {}) = {}", thr, val, tv);
            }
            Err(e) => {
                refused += 1;
                if e.kind() == cute::dynamic::ErrorKind::NonInjective {
                    assert!(
                        e.to_string().starts_with(&format!(
                            "non-injective: make_layout_tv({}, {}): raked_product is not a bijection",
                            thr, val
                        )),
                        "{}",
                        e
                    );
                }
            }
        }
    }
    // Both outcomes are exercised.
    assert!(made > 500 && refused > 500, "{} made, {} refused", made, refused);
}

/// The inputs: each is refused with the same error, none returns a TV layout that
/// reaches outside its tile.
#[test]
fn thread_or_value_layouts_that_are_not_injective_are_refused() {
    for (thr, val, n) in [
        ("(4,2):(2,1)", "(2,2):(0,1)", 32),
        ("(4,4):(0,0)", "(2,2):(1,2)", 64),
        ("(4,4):(1,1)", "(2,2):(1,2)", 64),
        ("2:1", "2:2", 4),
    ] {
        let e = make_layout_tv(&thr.parse().unwrap(), &val.parse().unwrap()).unwrap_err();
        assert_eq!(e.kind(), cute::dynamic::ErrorKind::NonInjective);
        assert_eq!(
            e.to_string(),
            format!("non-injective: make_layout_tv({}, {}): raked_product is not a bijection from the tile's {} coordinates onto the indices 0..{} of (thread, value)", thr, val, n, n)
        );
    }
}
