//! Composition, case by case, each face beside the others:
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

/// A walk over more modes of A than the stack buffers hold (8): the same function as A o B, index
/// by index, as over few modes.
#[test]
fn compositions_over_many_modes_of_a_equal_a_after_b() {
    use cute::dynamic::{composition, Layout};
    // Ten modes of A that do not coalesce (each stride 3 times the span before it).
    let a: Layout = "(2,2,2,2,2,2,2,2,2,2):(1,3,9,27,81,243,729,2187,6561,19683)".parse().unwrap();
    for b in ["(4,8,32):(1,4,32)", "(2,512):(512,1)", "1024:1", "(16,4):(4,1)"] {
        let b: Layout = b.parse().unwrap();
        let r = composition(&a, &b).unwrap();
        for i in 0..b.size().unwrap() {
            assert_eq!(r.call(i).unwrap(), a.call(b.call(i).unwrap()).unwrap(), "{} o {} at {}", a, b, i);
        }
    }
}
