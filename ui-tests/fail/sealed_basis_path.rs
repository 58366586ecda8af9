// A basis element's path is cute's (an HList of typenum indices): the checks of a basis layout
// read its key and its length, so a path type of the caller's that answered the key of a `_0`
// stride had its coordinates' reach go unchecked.
use cute::basis::BasisPath;
use core::fmt;

#[derive(Clone, Copy, Default, Debug, PartialEq)]
struct MyPath;

impl BasisPath for MyPath {
    const LEN: usize = 1;
    const KEY: i64 = -2;
    fn write_dims(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("@0")
    }
    fn push_dims(out: &mut Vec<u32>) {
        out.push(0);
    }
}

fn main() {}
