// `get_coord` reads at the offset its coordinate gives, so a user cannot implement
// `CoordOffset`: a coordinate answering offset 6 in a view of 4 elements would read past them.
// The trait is sealed.
use cute::layout::CoordOffset;

#[derive(Clone, Copy)]
struct Evil(isize);

impl<S, D> CoordOffset<S, D> for Evil {
    fn offset_in(&self, _: &S, _: &D) -> isize {
        self.0
    }
    fn checked_offset_in(&self, _: &S, _: &D) -> Option<isize> {
        Some(self.0)
    }
}

fn main() {}
