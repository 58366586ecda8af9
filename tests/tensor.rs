//! Tensors: the view check made once (errors with their kind and message), element access by
//! index and coordinate, slices that move the origin, the engines, and a property: a tensor
//! accepted over random layouts and data reads exactly the offsets `base + layout(i)`, all
//! inside the data.

use cute::dynamic::{ErrorKind, Layout as DynLayout};
use cute::error::ErrorKind as Kind;
use cute::tensor::{copy, make_identity_tensor, make_tensor, make_tensor_array, make_tensor_at, Counting, Engine};
use cute::typenum::{P4, P8};
use cute::{coord, hlist, layout, logical_divide, tiler, zipped_divide};
use proptest::prelude::*;

#[test]
fn a_view_is_checked_when_made() {
    let data = [0u8; 40];
    assert!(make_tensor(&data[..], layout!((8,4):(1,10))).is_ok());
    let e = make_tensor(&data[..], layout!((8,4):(1,11))).unwrap_err();
    assert_eq!(e.kind(), Kind::IndexOutOfRange);
    assert_eq!(
        e.to_string(),
        "index out of range: make_tensor: the layout's offsets 0..=40 from element 0 reach outside the 40 elements of the data"
    );
    // Negative strides need an origin that keeps every offset inside.
    let e = make_tensor(&data[..], layout!((4,2):(-1,4))).unwrap_err();
    assert_eq!(
        e.to_string(),
        "index out of range: make_tensor: the layout's offsets -3..=4 from element 0 reach outside the 40 elements of the data"
    );
    let t = make_tensor_at(&data[..], 3, layout!((4,2):(-1,4))).unwrap();
    assert_eq!(t.offset(1), Some(2));
    // Runtime leaves, and the dynamic engine's layouts, are checked the same way.
    let m = 11i64;
    assert!(make_tensor(&data[..], layout!((4,{m}):(1,4)).unwrap()).is_err());
    let e = make_tensor(&data[..], "(8,6):(1,8)".parse::<DynLayout>().unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::IndexOutOfRange);
    assert_eq!(
        e.to_string(),
        "index out of range: make_tensor: the layout's offsets 0..=47 from element 0 reach outside the 40 elements of the data"
    );
}

#[test]
fn elements_by_index_and_coordinate() {
    let data: Vec<i32> = (0..64).collect();
    let t = make_tensor(&data[..], layout!((8,(2,4)):(1,(32,8)))).unwrap();
    assert_eq!(t.size(), 64);
    assert_eq!(t.get(9), Some(&(1 + 32)));
    assert_eq!(t.get(64), None);
    assert_eq!(t.get_coord(coord!((3, (1, 2)))), Some(&(3 + 32 + 16)));
    assert_eq!(t.get_coord(coord!((3, 5))), Some(&(3 + 32 + 16)));
    // Past the extents: None, although the offset of (9,0), 9, is inside the data.
    assert_eq!(t.get_coord(coord!((9, 0))), None);
    assert_eq!(t.get_coord(coord!((0, (1, 4)))), None);
    let mut out = vec![0i32; 64];
    let mut w = make_tensor(&mut out[..], layout!((8,8):(8,1))).unwrap();
    for i in 0..64 {
        *w.get_mut(i).unwrap() = *t.get(i).unwrap();
    }
    // out[8 * 3 + 1] is element 3 + 8 * 1 = 11 of both, (3,(1,0)) of t.
    assert_eq!(out[8 * 3 + 1], data[3 + 32]);
}

#[test]
fn slices_move_the_origin() {
    let t = make_tensor(Counting(64), layout!((8,8):(1,8))).unwrap();
    let col = t.slice(coord!((_, 5))).unwrap();
    assert_eq!(col.to_string(), "40 o (_8):(_1)");
    assert_eq!(col.iter().collect::<Vec<_>>(), (40..48).collect::<Vec<_>>());
    let e = t.slice(coord!((_, 8))).unwrap_err();
    assert_eq!(
        (e.kind(), e.to_string().as_str()),
        (Kind::IndexOutOfRange, "index out of range: slice: index 8 is not below the size 8")
    );
    // A tile of a zipped divide, by slicing the rest mode.
    let tiles = t.map_layout(|l| zipped_divide(l, tiler!(<4:1,2:1>))).unwrap();
    let tile = tiles.slice(coord!((_, (1, 3)))).unwrap();
    assert_eq!(tile.to_string(), "52 o ((_4,_2)):((_1,_8))");
    assert_eq!(tile.iter().collect::<Vec<_>>(), [52, 53, 54, 55, 60, 61, 62, 63]);
    // The dynamic engine's tensors slice the same way.
    let d = make_tensor(Counting(64), "(8,8):(1,8)".parse::<DynLayout>().unwrap()).unwrap();
    assert_eq!(d.clone().slice(&"(_,5)".parse().unwrap()).unwrap().to_string(), "40 o (8):(1)");
    let e = d.slice(&"(8,_)".parse().unwrap()).unwrap_err();
    assert_eq!(e.to_string(), "index out of range: slice: coordinate 8 is outside the mode 8:1 (size 8)");
}

#[test]
fn divides_keep_the_engine() {
    let data: Vec<u16> = (0..128).collect();
    let t = make_tensor(&data[..], layout!((16,8):(8,1))).unwrap();
    let d = t.map_layout(|l| logical_divide(l, tiler!(<4:1,4:1>))).unwrap();
    assert_eq!(d.layout().to_string(), "((_4,_4),(_4,_2)):((_8,_32),(_1,_4))");
    assert_eq!(d.get(5), Some(&(8 + 32)));
    let n = 16i64;
    let m = make_tensor(&data[..], layout!(({n},8):(8,1)).unwrap()).unwrap();
    let d = m.map_layout(|l| logical_divide(l, tiler!(<4:1,4:1>))).unwrap();
    assert_eq!(d.layout().to_string(), "((_4,4),(_4,_2)):((_8,_32),(_1,_4))");
}

#[test]
fn engines() {
    let mut frag = make_tensor_array::<f32, _>(layout!((2,3):(3,1)));
    assert_eq!(frag.engine().len(), 6);
    *frag.get_mut(1).unwrap() = 2.0;
    assert_eq!(frag.engine().0[3], 2.0);
    // The origin, then the array aligned to 16 bytes (CuTe's array_aligned): 8 + 8 + 24 + 8.
    assert_eq!(core::mem::size_of_val(&frag), 48);
    assert_eq!(core::mem::align_of_val(frag.engine()), 16);
    // Negative strides: the origin is the constant that puts every offset inside the array.
    let rev = make_tensor_array::<u8, _>(layout!((4,(3,2)):(2,(8,-1))));
    assert_eq!((rev.base(), rev.engine().len()), (1, 24));
    let offsets: Vec<usize> = (0..24).map(|i| rev.offset(i).unwrap()).collect();
    assert_eq!((*offsets.iter().min().unwrap(), *offsets.iter().max().unwrap()), (0, 23));
    // Identity: the coordinate of each element of a tile, for predication.
    let c = make_identity_tensor(hlist![P8::new(), 6i64]).unwrap();
    let tile = c.map_layout(|l| zipped_divide(l, tiler!(<4:1,4:1>))).unwrap();
    let tile = tile.slice(coord!((_, (1, 1)))).unwrap();
    let coords: Vec<_> = tile.iter().collect();
    assert_eq!(coords[0], hlist![4usize, 4usize]);
    assert_eq!(coords[5], hlist![5usize, 5usize]);
    // The tiles reach past n = 6 (the identity engine is unbounded, as CuTe's counting
    // iterator): columns 6 and 7 of this tile lie outside, and a predicate reads them off.
    let inside = coords.iter().filter(|c| c.tail.head < 6).count();
    assert_eq!(inside, 8);
    let p = make_identity_tensor(hlist![P4::new(), P4::new()]).unwrap();
    assert_eq!(p.get(7), Some(hlist![3usize, 1usize]));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]
    /// A tensor is made exactly when every offset fits, and then reads `base + layout(i)`.
    #[test]
    fn a_made_tensor_reads_inside_its_data(
        s0 in 1i64..6, s1 in 1i64..6, d0 in -9i64..10, d1 in -9i64..10, base in 0usize..40, len in 0usize..80,
    ) {
        let data: Vec<usize> = (0..len).collect();
        let l = layout!(({s0},{s1}):({d0},{d1})).unwrap();
        let offsets: Vec<i64> = (0..(s0 * s1) as usize).map(|i| base as i64 + l.call(i) as i64).collect();
        let fits = offsets.iter().all(|&o| o >= 0 && (o as usize) < len);
        match make_tensor_at(&data[..], base, l) {
            Ok(t) => {
                prop_assert!(fits);
                for (i, o) in offsets.iter().enumerate() {
                    prop_assert_eq!(t.get(i).copied(), Some(*o as usize));
                }
                prop_assert_eq!(t.get(offsets.len()), None);
            }
            Err(e) => {
                prop_assert!(!fits);
                prop_assert_eq!(e.kind(), Kind::IndexOutOfRange);
            }
        }
    }
}

#[test]
fn algorithms() {
    use cute::tensor::{axpby, clear, fill, for_each, transform};
    let src: Vec<i64> = (0..24).collect();
    let s = make_tensor(&src[..], layout!((4,6):(6,1))).unwrap();
    // Sizes must agree: the error names both.
    let mut small = [0i64; 8];
    let e = copy(&s, &mut make_tensor(&mut small[..], layout!(8:1)).unwrap()).unwrap_err();
    assert_eq!(
        (e.kind(), e.to_string().as_str()),
        (Kind::InvalidArgument, "invalid argument: copy: the tensors' sizes 24 and 8 differ")
    );
    // A destination with a stride-0 mode: as the element loop, each of its elements ends with
    // the last index that reaches it (coordinate 3 in the stride-0 mode): row 3 of the source.
    let mut row = [-1i64; 6];
    copy(&s, &mut make_tensor(&mut row[..], layout!((4,6):(0,1))).unwrap()).unwrap();
    assert_eq!(row, [18, 19, 20, 21, 22, 23]);
    let mut acc = 0;
    for_each(&s, |x| acc += x);
    assert_eq!(acc, (0..24).sum::<i64>());
    let mut y = [1i64; 24];
    let mut yt = make_tensor(&mut y[..], layout!((4,6):(1,4))).unwrap();
    axpby(2, &s, 3, &mut yt).unwrap();
    transform(&mut yt, |v| v - 3);
    // y(i) = 2 * s(i) + 3 - 3 at the transposed position.
    assert_eq!(y[2 + 4 * 5], 2 * src[2 * 6 + 5]);
    fill(&mut make_tensor(&mut y[..], layout!(3:8)).unwrap(), 9);
    assert_eq!((y[0], y[8], y[16], y[1]), (9, 9, 9, 2 * src[6]));
    clear(&mut make_tensor(&mut y[..], layout!(24:1)).unwrap());
    assert!(y.iter().all(|&v| v == 0));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, failure_persistence: None, ..ProptestConfig::default() })]
    /// `copy` (vectorized by the common contiguous run) writes what the element-by-element loop
    /// writes, for compact layouts of 2 or 3 modes in any order on both sides.
    #[test]
    fn copy_is_the_element_loop(
        s in prop::collection::vec(1i64..5, 3), src_order in 0usize..6, dst_order in 0usize..6,
    ) {
        let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let strides = |order: [usize; 3]| {
            let mut d = [0i64; 3];
            let mut p = 1;
            for k in order {
                d[k] = p;
                p *= s[k];
            }
            d
        };
        let (ds, dd) = (strides(perms[src_order]), strides(perms[dst_order]));
        let n = (s[0] * s[1] * s[2]) as usize;
        let src: Vec<u32> = (0..n as u32).map(|x| x * 7 + 1).collect();
        let sl = layout!(({s[0]},{s[1]},{s[2]}):({ds[0]},{ds[1]},{ds[2]})).unwrap();
        let dl = layout!(({s[0]},{s[1]},{s[2]}):({dd[0]},{dd[1]},{dd[2]})).unwrap();
        let mut dst = vec![0u32; n];
        copy(&make_tensor(&src[..], sl).unwrap(), &mut make_tensor(&mut dst[..], dl).unwrap()).unwrap();
        let mut expected = vec![0u32; n];
        for i in 0..n {
            expected[dl.call(i) as usize] = src[sl.call(i) as usize];
        }
        prop_assert_eq!(dst, expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, failure_persistence: None, ..ProptestConfig::default() })]
    /// `copy` and `axpby` write what the element-by-element loops write when the two layouts
    /// split the index differently: the source has three modes in any order, with gaps between
    /// them, the destination two (two of the source's modes merged) in any order.
    #[test]
    fn copy_and_axpby_are_the_element_loops_across_factorings(
        s in prop::collection::vec(1i64..5, 3), order in 0usize..6, gaps in prop::collection::vec(0i64..3, 3),
        merge_first in any::<bool>(), swap in any::<bool>(),
    ) {
        let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let mut ds = [0i64; 3];
        let mut p = 1;
        for (k, g) in perms[order].into_iter().zip(&gaps) {
            ds[k] = p;
            p = p * s[k] + g;
        }
        let n = (s[0] * s[1] * s[2]) as usize;
        let sl = layout!(({s[0]},{s[1]},{s[2]}):({ds[0]},{ds[1]},{ds[2]})).unwrap();
        let (e0, e1) = if merge_first { (s[0] * s[1], s[2]) } else { (s[0], s[1] * s[2]) };
        let (d0, d1) = if swap { (e1, 1) } else { (1, e0) };
        let dl = layout!(({e0},{e1}):({d0},{d1})).unwrap();
        let src: Vec<i64> = (0..p).map(|x| x * 7 + 1).collect();
        let mut dst = vec![0i64; n];
        copy(&make_tensor(&src[..], sl).unwrap(), &mut make_tensor(&mut dst[..], dl).unwrap()).unwrap();
        let mut expected = vec![0i64; n];
        for i in 0..n {
            expected[dl.call(i) as usize] = src[sl.call(i) as usize];
        }
        prop_assert_eq!(&dst, &expected);
        cute::tensor::axpby(2, &make_tensor(&src[..], sl).unwrap(), 3, &mut make_tensor(&mut dst[..], dl).unwrap())
            .unwrap();
        for i in 0..n {
            let at = dl.call(i) as usize;
            expected[at] = 2 * src[sl.call(i) as usize] + 3 * expected[at];
        }
        prop_assert_eq!(dst, expected);
    }
}

#[test]
fn printing() {
    use cute::tensor::{layout_table, tensor_text};
    // CuTe's print_layout of a row-major 2 x 3 layout, line by line (its header ends with a space).
    let table = layout_table(&layout!((2,3):(3,1))).unwrap();
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(
        lines,
        [
            "(_2,_3):(_3,_1)",
            "      0   1   2 ",
            "    +---+---+---+",
            " 0  | 0 | 1 | 2 |",
            "    +---+---+---+",
            " 1  | 3 | 4 | 5 |",
            "    +---+---+---+"
        ]
    );
    let e = tensor_text(&make_tensor(Counting(32), layout!((2,2,2,2,2):(1,2,4,8,16))).unwrap()).unwrap_err();
    assert_eq!(
        (e.kind(), e.to_string().as_str()),
        (ErrorKind::RankMismatch, "rank mismatch: print_tensor: (2,2,2,2,2):(1,2,4,8,16) has rank 5, not 1 to 4")
    );
    let data = [1.5f32, 2.0, 3.25];
    assert_eq!(
        tensor_text(&make_tensor(&data[..], layout!(3:1)).unwrap()).unwrap(),
        "0 o _3:_1:\n   1.5\n     2\n  3.25\n"
    );
}

#[test]
fn gemm_dispatches_on_the_ranks() {
    use cute::tensor::{gemm, UniversalFma};
    let (v, m, n, k) = (2usize, 3usize, 4usize, 5usize);
    let a: Vec<i64> = (0..(v * m * k) as i64).map(|x| x * 3 - 7).collect();
    let b: Vec<i64> = (0..(v * n * k) as i64).map(|x| 11 - x * 2).collect();
    // (V,M,K) x (V,N,K) => (V,M,N), A and B in other orders than C's.
    let at = make_tensor(&a[..], layout!((2,3,5):(15,5,1))).unwrap();
    let bt = make_tensor(&b[..], layout!((2,4,5):(1,10,2))).unwrap();
    let mut c = vec![1i64; v * m * n];
    gemm(&UniversalFma, &at, &bt, &mut make_tensor(&mut c[..], layout!((2,3,4):(1,2,6))).unwrap()).unwrap();
    for (vv, mm, nn) in (0..v).flat_map(|x| (0..m).flat_map(move |y| (0..n).map(move |z| (x, y, z)))) {
        let sum: i64 = (0..k).map(|kk| a[vv * 15 + mm * 5 + kk] * b[vv + nn * 10 + kk * 2]).sum();
        assert_eq!(c[vv + 2 * mm + 6 * nn], 1 + sum);
    }
    // (V,M) x (V,N) => (V,M,N), (M,K) x (N,K) => (M,N), (M) x (N) => (M,N), (V) x (V) => (V).
    let mut c3 = [0i64; 24];
    let a2 = make_tensor(&a[..], layout!((2,3):(1,2))).unwrap();
    let b2 = make_tensor(&b[..], layout!((2,4):(1,2))).unwrap();
    gemm(&UniversalFma, &a2, &b2, &mut make_tensor(&mut c3[..], layout!((2,3,4):(1,2,6))).unwrap()).unwrap();
    assert_eq!(c3[1 + 2 * 2 + 6 * 3], a[1 + 2 * 2] * b[1 + 2 * 3]);
    let mut c2 = [0i64; 12];
    let amk = make_tensor(&a[..], layout!((3,5):(5,1))).unwrap();
    let bnk = make_tensor(&b[..], layout!((4,5):(5,1))).unwrap();
    gemm(&UniversalFma, &amk, &bnk, &mut make_tensor(&mut c2[..], layout!((3,4):(4,1))).unwrap()).unwrap();
    assert_eq!(c2[2 * 4 + 3], (0..5).map(|kk| a[2 * 5 + kk] * b[3 * 5 + kk]).sum::<i64>());
    let mut outer = [0i64; 12];
    let am = make_tensor(&a[..], layout!(3:1)).unwrap();
    let bn = make_tensor(&b[..], layout!(4:1)).unwrap();
    gemm(&UniversalFma, &am, &bn, &mut make_tensor(&mut outer[..], layout!((3,4):(1,3))).unwrap()).unwrap();
    assert_eq!(outer[2 + 3 * 3], a[2] * b[3]);
    let mut vv = [0i64; 3];
    gemm(&UniversalFma, &am, &am, &mut make_tensor(&mut vv[..], layout!(3:1)).unwrap()).unwrap();
    assert_eq!(vv, [a[0] * a[0], a[1] * a[1], a[2] * a[2]]);
    // Errors: the ranks, and modes that must agree.
    let e = gemm(&UniversalFma, &a2, &am, &mut make_tensor(&mut vv[..], layout!(3:1)).unwrap()).unwrap_err();
    assert_eq!(
        (e.kind(), e.to_string().as_str()),
        (
            Kind::RankMismatch,
            "rank mismatch: gemm: ranks (2,1,1) of A, B and C are not (1,1,1), (1,1,2), (2,2,2), (2,2,3) or (3,3,3)"
        )
    );
    let e = gemm(&UniversalFma, &amk, &b2, &mut make_tensor(&mut c2[..], layout!((3,4):(4,1))).unwrap()).unwrap_err();
    assert_eq!(
        (e.kind(), e.to_string().as_str()),
        (Kind::InvalidArgument, "invalid argument: gemm: the tensors' sizes 5 and 4 differ")
    );
}

#[test]
fn partitions_of_the_layout_type_are_the_dynamic_engines() {
    use cute::dynamic::{local_partition, local_tile, local_tile_proj, outer_partition, Layout as Dyn};
    use cute::tensor::X;
    use cute::typenum::P1;
    use cute::{coord, shape};
    // Runtime extents and strides, static tiles: every tile and every thread's share agree with
    // the dynamic engine's partitions, offset and layout.
    for (m, n, ld) in [(32i64, 48i64, 32i64), (64, 16, 80), (16, 96, 20)] {
        let mk = || make_tensor(Counting(ld * n), layout!(({m},{n}):(1,{ld})).unwrap()).unwrap();
        let dynamic: Dyn = format!("({},{}):(1,{})", m, n, ld).parse().unwrap();
        for (i, j) in [(0usize, 0usize), (1, 2), (3, 5)] {
            let (tm, tn) = (m as usize / 8, n as usize / 8);
            let coord_text = format!("({},{})", i, j);
            match mk().local_tile(shape!((8, 8)), coord!((i, j))) {
                Ok(t) => {
                    assert!(i < tm && j < tn);
                    let (l, o) = local_tile(&dynamic, &"(8,8)".parse().unwrap(), &coord_text.parse().unwrap()).unwrap();
                    assert_eq!((t.base() as i64, t.layout().to_dynamic()), (o, l));
                }
                Err(e) => {
                    assert!(i >= tm || j >= tn);
                    assert_eq!(e.kind(), Kind::IndexOutOfRange);
                    assert!(local_tile(&dynamic, &"(8,8)".parse().unwrap(), &coord_text.parse().unwrap()).is_err());
                }
            }
            let t = mk().outer_partition(shape!((2, 4)), coord!(({ i % 2 }, { j % 4 }))).unwrap();
            let (l, o) = outer_partition(
                &dynamic,
                &"(2,4)".parse().unwrap(),
                &format!("({},{})", i % 2, j % 4).parse().unwrap(),
            )
            .unwrap();
            assert_eq!((t.base() as i64, t.layout().to_dynamic()), (o, l));
        }
        for thread in [0usize, 5, 31] {
            let t = mk().local_partition(layout!((4,8):(8,1)), thread).unwrap();
            let (l, o) = local_partition(&dynamic, &"(4,8):(8,1)".parse().unwrap(), thread as i64).unwrap();
            assert_eq!((t.base() as i64, t.layout().to_dynamic()), (o, l));
        }
        // An integer thread layout tiles the whole tensor, in both engines (equal as functions:
        // the dynamic engine's complement coalesces the rest, the mixed one keeps its modes).
        for thread in [0usize, 7, 15] {
            let t = mk().local_partition(layout!(16:1), thread).unwrap();
            let (l, o) = local_partition(&dynamic, &"16:1".parse().unwrap(), thread as i64).unwrap();
            let expected: Vec<usize> = (0..l.size().unwrap()).map(|i| (o + l.call(i).unwrap()) as usize).collect();
            assert_eq!(t.iter().collect::<Vec<_>>(), expected);
        }
        let e = mk().local_partition(layout!((4,8):(8,1)), 32).unwrap_err();
        assert_eq!(e.to_string(), "index out of range: local_partition: index 32 is not below the size 32");
        // The projection: (M,N,K) = (8,4,8) at (m,n,k) = (1,_,_) for a (M,K) tensor keeps K's tiles.
        let g =
            mk().local_tile_proj(shape!((8, 4, 8)), coord!((1, 0, _)), cute::hlist![P1::new(), X, P1::new()]).unwrap();
        let (l, o) = local_tile_proj(
            &dynamic,
            &"(8,4,8)".parse().unwrap(),
            &"(1,0,_)".parse().unwrap(),
            &"(1,_,1)".parse().unwrap(),
        )
        .unwrap();
        assert_eq!((g.base() as i64, g.layout().to_dynamic()), (o, l));
    }
}

#[test]
fn partition_coordinates_are_padded_with_underscores() {
    use cute::{coord, shape, tiler};
    // A batched (M, K, L) tensor tiled in (M, K): the coordinate (m, k) keeps L, as CuTe's
    // local_tile pads (m, k) to (m, k, _).
    let l = 3i64;
    let t = make_tensor(Counting(64 * 32 * 3), layout!((64,32,{l}):(1,64,2048)).unwrap()).unwrap();
    let padded = t.local_tile(shape!((16, 8)), coord!((1, 2))).unwrap();
    let full = make_tensor(Counting(64 * 32 * 3), layout!((64,32,{l}):(1,64,2048)).unwrap())
        .unwrap()
        .local_tile(shape!((16, 8)), coord!((1, 2, _)))
        .unwrap();
    assert_eq!(padded.to_string(), "1040 o (_16,_8,3):(_1,_64,_2048)");
    assert_eq!(padded.to_string(), full.to_string());
    // An integer indexes the whole grid (4 x 4 x 3 tiles): 5 is (1, 1, 0).
    let flat = make_tensor(Counting(64 * 32 * 3), layout!((64,32,{l}):(1,64,2048)).unwrap())
        .unwrap()
        .local_tile(tiler!(<16,8>), 5usize)
        .unwrap();
    assert_eq!(flat.to_string(), "528 o (_16,_8):(_1,_64)");
}

#[test]
fn copy_goes_along_a_common_unit_stride_mode() {
    // Two row-major 8 x 16 tiles of wider matrices: stride 1 on mode 1 in both, copied in runs
    // of 16 along it; the result is the element loop's.
    let src: Vec<u32> = (0..8 * 40).collect();
    let mut dst = vec![0u32; 8 * 24];
    let s = make_tensor(&src[..], layout!((8,16):(40,1))).unwrap();
    copy(&s, &mut make_tensor(&mut dst[..], layout!((8,16):(24,1))).unwrap()).unwrap();
    for r in 0..8 {
        for c in 0..16 {
            assert_eq!(dst[r * 24 + c], src[r * 40 + c]);
        }
        assert!(dst[r * 24 + 16..r * 24 + 24].iter().all(|&v| v == 0));
    }
}
