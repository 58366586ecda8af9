//! The GEMM tiles of the guide's "Bank conflicts and coalescing" (`examples/smem_swizzles.rs`):
//! the guide states what the program prints, and each row says what it should.

#[path = "../examples/smem_swizzles.rs"]
#[allow(dead_code)]
mod example;

#[test]
fn the_guide_states_the_programs_table() {
    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/guide.md")).unwrap();
    let (begin, end) = ("<!-- smem_swizzles: begin -->\n", "<!-- smem_swizzles: end -->");
    let start = guide.find(begin).expect("the guide's begin marker") + begin.len();
    let stop = guide.find(end).expect("the guide's end marker");
    assert_eq!(&guide[start..stop], example::table(), "run `cargo run --example smem_swizzles` and paste its table");
}

#[test]
fn every_tile_reaches_the_ideal_and_unswizzled_reads_conflict() {
    let table = example::table();
    let rows: Vec<&str> = table.lines().skip(2).collect();
    assert_eq!(rows.len(), 6);
    for row in rows {
        let cells: Vec<&str> = row.split(" | ").collect();
        let (width, theirs, ours, ours_wf, f2, f2_wf, none, ideal) =
            (cells[1], cells[2], cells[4], cells[5], cells[6], cells[7], cells[8], cells[9].trim_end_matches(" |"));
        // The synthesized swizzle is CUTLASS's, both take the ideal, and so it is the F2
        // optimum too.
        assert!(theirs.ends_with(ours), "{}", row);
        assert_eq!((cells[3], ours_wf, f2_wf), (ideal, ideal, ideal), "{}", row);
        assert_eq!(f2, format!("= {}", ours), "{}", row);
        // Without one, the 8 rows of an ldmatrix phase at one chunk start `width` bytes apart:
        // their banks repeat every 128 / width rows, so width / 16 rows share each bank.
        let w: u64 = width.trim_end_matches(" B").parse().unwrap();
        let (n, i): (Vec<u64>, Vec<u64>) = (parse(none), parse(ideal));
        assert_eq!((n[0], n[1]), (i[0], i[1] * (w / 16)), "{}", row);
    }
}

fn parse(list: &str) -> Vec<u64> {
    list.trim_matches(|c| c == '[' || c == ']').split(", ").map(|x| x.parse().unwrap()).collect()
}
