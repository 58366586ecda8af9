// The routes of the crate root's functions run an operation whose conditions the functions check
// first; they take a value only cute makes, so that code outside the crate reaches the operation
// through the functions only (here the complement of 4:1 in 8, run unchecked, had extent -1).
use cute::typenum::{B1, N8};
use cute::{layout, op, Layout, Route};

fn main() {
    let _ = <B1 as Route<op::Complement, Layout![4:1], N8>>::run(layout!(4:1), N8::new(), Default::default());
}
