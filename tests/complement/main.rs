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
mod runtime_extents;

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

/// CuTe's complement filters A first: a mode of stride 0 repeats offsets and takes no room, so it
/// is dropped, whatever its size and wherever it is. By hand: `(4,2):(1,0)` is `4:1`, whose
/// complement in 16 is `4:4`; `(2,3,2):(1,0,4)` is `(2,2):(1,4)`, whose gaps are `2:2` and whose
/// rest in 32 is `4:8`; a layout of stride-0 modes only leaves the whole cotarget.
#[test]
fn modes_of_stride_zero_are_filtered_out_first() {
    use cute::dynamic::{complement, Layout};
    let c = |a: &str, m: i64| complement(&a.parse::<Layout>().unwrap(), &m.into()).unwrap().to_string();
    assert_eq!(c("(4,2):(1,0)", 16), "4:4");
    assert_eq!(c("(2,4):(0,1)", 16), "4:4");
    assert_eq!(c("(2,3,2):(1,0,4)", 32), "(2,4):(2,8)");
    assert_eq!(c("(3,5):(0,0)", 12), "12:1");
}
