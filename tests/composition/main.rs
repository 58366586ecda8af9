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
