use cute::{coord, layout};

fn main() {
    // A tuple coordinate for an integral layout.
    let _ = layout!(8:1).call_coord(coord!((1, 2)));
}
