//! The divides (logical, zipped, tiled, flat), case by case, each face beside the others:
//! `mixed_face` (layouts with runtime leaves, by hand) and
//! `verdicts` (the trait solver's verdicts, what `cargo check` reports, against the dynamic engine).
//! The golden cases of every face are generated in `tests/generated/`.
//! `properties` checks the dynamic engine's post-conditions on random inputs.

#[macro_use]
#[path = "../verdict_common/mod.rs"]
mod verdict_common;

mod mixed_face;
mod verdicts;

mod properties;
#[path = "../properties_common/mod.rs"]
mod properties_common;

/// CuTe's `zip2_by` with a tuple tiler entry of fewer modes than its mode (`thrfrg`'s division
/// of `(RestM, RestK, k-tiles)` by `(ThrM, ThrK)`): the mode's extra modes join the rest. By hand:
/// `(4,4,3):(4,32,128)` divided by `(2,2)` is `((2,2),(2,2),3):((4,8),(32,64),128)`, zipped to
/// `((2,2),(2,2,3)):((4,32),(8,64,128))`; the `_` mode `(8,4)` is its own pair.
#[test]
fn a_nested_tiler_entry_leaves_the_extra_modes_in_the_rest() {
    use cute::{layout, Tiler};
    let a = layout!(((8,4),(4,4,3)):((1,8),(4,32,128)));
    let want = "((_8,(_2,_2)),(_4,(_2,_2,_3))):((_1,(_4,_32)),(_8,(_8,_64,_128)))";
    assert_eq!(cute::zipped_divide(a, <Tiler![<_,<2,2>>]>::default()).to_string(), want);
    let dynamic = cute::dynamic::zipped_divide(&a.to_dynamic(), &"(_,(2,2))".parse().unwrap()).unwrap();
    assert_eq!(dynamic.to_string(), want.replace('_', ""));
}

/// A leaf `s:d` divided by a leaf tile `t:u` (each mode of a per-mode divide of a layout of
/// leaves) is, by the definition, `s:d o (t:u, complement(t:u, s))`: the same layout as the
/// composition with that pair, built by the composition's own steps, on every small case and at
/// the edges of i64 (where both overflow, or both refuse, alike).
#[test]
fn a_leaf_by_a_leaf_tile_is_the_composition_with_the_pair() {
    use cute::dynamic::{complement, composition, logical_divide, IntTuple, Layout, Tiler};
    let big = [i64::MAX, i64::MAX / 2, 1 << 62, 1 << 32, i64::MIN + 1];
    let mut values: Vec<i64> = (-3..=13).collect();
    values.extend(big);
    let mut checked = 0;
    for s in (1..=40).chain([1 << 40, i64::MAX]) {
        for &d in &values {
            for t in (1..=9).chain([1 << 31, i64::MAX]) {
                for &u in &values {
                    let leaf = |n, r| Layout::new(IntTuple::Leaf(n), IntTuple::Leaf(r));
                    let (Ok(a), Ok(b)) = (leaf(s, d), leaf(t, u)) else { continue };
                    let divided = logical_divide(&a, &Tiler::Layout(b.clone()));
                    let pair = complement(&b, &IntTuple::Leaf(s)).map(|c| Layout::from_modes(vec![b.clone(), c]));
                    let composed = pair.and_then(|p| composition(&a, &p));
                    match (&divided, &composed) {
                        (Ok(r), Ok(c)) => assert_eq!(r.to_string(), c.to_string(), "{} / {}", a, b),
                        (Err(r), Err(c)) => assert_eq!(r.kind(), c.kind(), "{} / {}: {} and {}", a, b, r, c),
                        _ => panic!("{} / {}: {:?} but {:?}", a, b, divided, composed),
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100_000);
}
