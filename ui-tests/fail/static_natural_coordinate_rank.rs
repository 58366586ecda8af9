// A natural coordinate has one entry per leaf of the shape: (4,(3,2)) has three leaves.
use cute::layout;

fn main() {
    let _ = layout!((4,(3,2)):(2,(8,1))).call_natural([1, 2]);
}
