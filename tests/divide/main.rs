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
