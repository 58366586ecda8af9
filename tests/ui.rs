//! The UI tests (`ui-tests/`): programs that must compile and run (`pass/`), and programs that
//! must fail with exactly the pinned diagnostics (`fail/*.stderr`): every compile-time condition
//! of the static face and every error of the macros.
//!
//! The static face's conditions are checked when code is generated, after type checking, so these
//! programs must be built, not only checked: trybuild builds them because the same run holds
//! `pass` cases. After an intended change of a message, `TRYBUILD=overwrite cargo test --test ui`
//! rewrites the .stderr files; review the diff.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("ui-tests/pass/*.rs");
    t.compile_fail("ui-tests/fail/*.rs");
}
