//! Canonical forms and equivalence (seed 001): `filter_zeros` then `coalesce`, idempotent and
//! keeping the offsets, checked on random layouts; the interning table's ids.

use std::collections::BTreeSet;

use cute::dynamic::{canonical, layouts_equivalent, ComposedLayout, Layout, LayoutInterner};
use cute::swizzle::{Swizzle, SW128, SW64};
use proptest::prelude::*;

/// A layout of 1 to 4 leaves, nested or flat, with extents 1 to 4 and strides -6 to 12.
fn layouts() -> impl Strategy<Value = Layout> {
    (prop::collection::vec((1i64..5, -6i64..13), 1..5), any::<bool>()).prop_map(|(leaves, nest)| {
        let shape: Vec<String> = leaves.iter().map(|(s, _)| s.to_string()).collect();
        let stride: Vec<String> = leaves.iter().map(|(_, d)| d.to_string()).collect();
        let text = if nest && leaves.len() > 2 {
            format!(
                "(({}),{}):(({}),{})",
                shape[..2].join(","),
                shape[2..].join(","),
                stride[..2].join(","),
                stride[2..].join(",")
            )
        } else {
            format!("({}):({})", shape.join(","), stride.join(","))
        };
        text.parse().unwrap()
    })
}

fn image(l: &Layout) -> BTreeSet<i64> {
    (0..l.size().unwrap()).map(|i| l.call(i).unwrap()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]
    /// The canonical form keeps the set of offsets, keeps the offsets in order where there is
    /// no broadcast mode, and is its own canonical form.
    #[test]
    fn the_canonical_form_keeps_the_offsets(l in layouts()) {
        let c = canonical(&l).unwrap();
        prop_assert_eq!(image(&c), image(&l));
        let broadcast = l.flat_modes().iter().any(|&(s, d)| s > 1 && d == 0);
        if !broadcast {
            prop_assert_eq!(c.size().unwrap(), l.size().unwrap());
            for i in 0..l.size().unwrap() {
                prop_assert_eq!(c.call(i).unwrap(), l.call(i).unwrap());
            }
        }
        prop_assert_eq!(canonical(&c).unwrap(), c.clone());
        prop_assert!(layouts_equivalent(&l, &c).unwrap());
    }

    /// Equivalent layouts get one id, and layouts of different offsets different ones.
    #[test]
    fn interning_gives_one_id_per_canonical_layout(a in layouts(), b in layouts()) {
        let mut t = LayoutInterner::new();
        let (ia, ib) = (t.intern(&a).unwrap(), t.intern(&b).unwrap());
        prop_assert_eq!(ia == ib, layouts_equivalent(&a, &b).unwrap());
        if image(&a) != image(&b) {
            prop_assert_ne!(ia, ib);
        }
        prop_assert_eq!(t.len(), if ia == ib { 1 } else { 2 });
    }
}

#[test]
fn the_swizzle_is_part_of_the_identity() {
    let l: Layout = "(8,64):(64,1)".parse().unwrap();
    let mut t = LayoutInterner::new();
    let plain = t.intern(&l).unwrap();
    let sw128 = t.intern_composed(&ComposedLayout::new(SW128, 0, l.clone())).unwrap();
    let sw64 = t.intern_composed(&ComposedLayout::new(SW64, 0, l.clone())).unwrap();
    let moved = t.intern_composed(&ComposedLayout::new(SW128, 64, l.clone())).unwrap();
    assert_eq!(t.len(), 4);
    assert!(plain != sw128 && sw128 != sw64 && sw128 != moved);
    // A swizzle that changes nothing, at offset 0, is the plain layout; the same swizzle over an
    // equivalent inner layout is the same swizzled layout.
    let none = Swizzle::new(0, 5, 2).unwrap();
    assert_eq!(t.intern_composed(&ComposedLayout::new(none, 0, l.clone())).unwrap(), plain);
    let regrouped: Layout = "((8,1),(64,2)):((64,0),(1,0))".parse().unwrap();
    assert_eq!(t.intern_composed(&ComposedLayout::new(SW128, 0, regrouped)).unwrap(), sw128);
    assert_eq!(t.get(sw64).unwrap().to_string(), "Sw<2,4,3> o 0 o (8,64):(64,1)");
}
