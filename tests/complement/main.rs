//! Complement, case by case, each face beside the others:
//! `verdicts` (the trait solver's verdicts, what `cargo check` reports, against the dynamic engine).
//! The golden cases of every face are generated in `tests/generated/`.
//! `properties` checks the dynamic engine's post-conditions on random inputs.

#[macro_use]
#[path = "../verdict_common/mod.rs"]
mod verdict_common;

mod verdicts;

mod properties;
#[path = "../properties_common/mod.rs"]
mod properties_common;

#[test]
fn a_shape_cotarget_is_divided_leaf_by_leaf() {
    use cute::dynamic::{complement, Layout};
    // CuTe's ceil_div((9,10), 12), by hand: ceil_div(9, 12) = 1 leaves ceil_div(12, 9) = 2 to
    // divide by, and ceil_div(10, 2) = 5: the rest mode is 5:12, which with A covers 60 of the 90
    // offsets (an integer cotarget 90 gives ceil_div(90, 12) = 8).
    let a: Layout = "12:1".parse().unwrap();
    assert_eq!(complement(&a, &"(9,10)".parse().unwrap()).unwrap().to_string(), "5:12");
    assert_eq!(complement(&a, &"((9),10)".parse().unwrap()).unwrap().to_string(), "5:12");
    assert_eq!(complement(&a, &90.into()).unwrap().to_string(), "8:12");
}
