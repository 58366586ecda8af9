//! The casts (upcast, downcast, recast), case by case, each face beside the others:
//! `static_face` (static layouts, result types by hand) and
//! `verdicts` (the trait solver's verdicts, what `cargo check` reports, against the dynamic engine).
//! The golden cases of every face are generated in `tests/generated/`.
//! `properties` checks the dynamic engine's post-conditions on random inputs.

#[path = "../static_common/mod.rs"]
mod static_common;
#[macro_use]
#[path = "../verdict_common/mod.rs"]
mod verdict_common;

mod static_face;
mod verdicts;

mod properties;
#[path = "../properties_common/mod.rs"]
mod properties_common;
