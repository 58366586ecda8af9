//! Tensors: the view check made once (errors with their kind and message), element access by
//! index and coordinate, slices that move the origin, the engines, and a property: a tensor
//! accepted over random layouts and data reads exactly the offsets `base + layout(i)`, all
//! inside the data.

use cute::dynamic::{ErrorKind, Layout as DynLayout};
use cute::error::ErrorKind as Kind;
use cute::tensor::{make_identity_tensor, make_tensor, make_tensor_array, make_tensor_at, Counting, Engine};
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
    // Past the extents (as CuTe, not checked) but inside the data: read; outside: None.
    assert_eq!(t.get_coord(coord!((9, 0))), Some(&9));
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
    assert_eq!(core::mem::size_of_val(&frag), 6 * 4 + core::mem::size_of::<usize>());
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
