// A natural coordinate has one entry per leaf of the shape: (4,(3,2)) has three leaves.
use cute::Layout;

fn main() {
    let _ = <Layout![(4,(3,2)):(2,(8,1))]>::natural_offset([1, 2]);
}
