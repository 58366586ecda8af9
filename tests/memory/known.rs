//! Known cases worked out from first principles: ldmatrix with and without `Sw<3,3,3>`, the
//! Hopper swizzle modes, a 32 x 32 f32 transpose, global traffic, and malformed accesses.

use super::*;

// ------------------------------------------------------------------------------------------
// Known cases.
// ------------------------------------------------------------------------------------------

/// The wavefronts of each phase of each instruction, the library's, after checking that the
/// simulator agrees on the whole report.
fn phases_of(tile: &Tile, elem: i64, tv: &str, instruction: Instruction) -> Vec<Vec<u32>> {
    let t = Tv::parse(tv);
    assert_eq!(t.layout().to_string(), tv.parse::<Layout>().unwrap().to_string());
    if let Some(f) = check_banks(tile, elem, &t, instruction) {
        panic!("{}", f);
    }
    let r = tile.with(|s| bank_conflicts(s, elem, &t.layout(), instruction)).unwrap();
    r.instructions().iter().map(|i| i.phases.iter().map(|p| p.wavefronts).collect()).collect()
}

fn plain(text: &str) -> Tile {
    let l: Layout = text.parse().unwrap();
    Tile { modes: l.flat_modes(), kind: Kind::Plain }
}

fn swizzled(b: i64, m: i64, s: i64, text: &str) -> Tile {
    Tile { kind: Kind::Swizzled { b, m, s, offset: 0 }, ..plain(text) }
}

#[test]
fn ldmatrix_x4_of_128_byte_rows() {
    let ldsm = Instruction::atom("SM75_U32x4_LDSM_N").unwrap();
    // 8 rows of 64 16-bit elements (128 bytes), row-major; tile index k = row + 8 col. Thread t
    // gives row t % 8, 16-byte chunk t / 8 (columns 8 (t / 8) ..): index (t % 8) + 64 (t / 8),
    // its 8 values the next columns (index stride 8).
    let down = "((8,4),8):((1,64),8)";
    // Phase p is lanes 8p .. 8p + 7: chunk p of the 8 rows, bytes 128 row + 16 p, words
    // 32 row + 4p .. + 3: banks 4p .. 4p + 3 hold 8 distinct words each: 8 wavefronts, 4 phases.
    let tile = plain("(8,64):(64,1)");
    assert_eq!(phases_of(&tile, 2, down, ldsm), vec![vec![8; 4]]);
    let r = bank_conflicts(Shared::from(&tile.plain()), 2, &down.parse::<Layout>().unwrap(), ldsm).unwrap();
    assert_eq!((r.wavefronts(), r.ideal(), r.degree()), (32, 4, 8));
    let (_, worst) = r.worst().unwrap();
    // The first phase, banks 0-3 each 8 words: bank 0 is the lowest; the 8 threads' rows.
    assert_eq!(worst.worst_bank, Some(0));
    assert_eq!(worst.colliding, (0..8).map(|t| (t, 128 * t)).collect::<Vec<_>>());
    // Sw<3,3,3> in elements (16-bit): bits 3-5 of the offset (the chunk in the row, 8
    // elements = 16 bytes) XOR bits 6-8 (the row, 64 elements = 128 bytes): chunk p of row
    // r lands in chunk p ^ r, 8 different chunks for the 8 rows of a phase: 1 wavefront each.
    let sw = swizzled(3, 3, 3, "(8,64):(64,1)");
    assert_eq!(phases_of(&sw, 2, down, ldsm), vec![vec![1; 4]]);
    // The other chunk order: thread t gives chunk t % 8 of row t / 8 (rows 0-3, then rows
    // 4-7 in a second instruction): a phase reads a whole 128-byte row, all 32 banks once,
    // with or without the swizzle (it permutes chunks within a row).
    let across = "((8,4),(8,2)):((64,1),(8,4))";
    assert_eq!(phases_of(&tile, 2, across, ldsm), vec![vec![1; 4]; 2]);
    assert_eq!(phases_of(&sw, 2, across, ldsm), vec![vec![1; 4]; 2]);
    // The column-major tile (64,8):(1,64), 8 columns of 128 bytes (index k = row + 64 col):
    // thread t gives chunk t / 8 (rows 8 (t / 8) .. + 7) of column t % 8, so phase p reads
    // chunk p of the 8 columns: bytes 128 col + 16 p, banks 4p .. 4p + 3 eight times, 8
    // wavefronts; Sw<3,3,3> (chunk bits 3-5 XOR column bits 6-8) spreads them as above.
    let col = "((8,4),8):((64,8),1)";
    assert_eq!(phases_of(&plain("(64,8):(1,64)"), 2, col, ldsm), vec![vec![8; 4]]);
    assert_eq!(phases_of(&swizzled(3, 3, 3, "(64,8):(1,64)"), 2, col, ldsm), vec![vec![1; 4]]);
    // ldmatrix.x1 and .x2 move the first 8 and 16 lanes: one and two phases.
    let x1 = Instruction::atom("SM75_U32x1_LDSM_N").unwrap();
    let x2 = Instruction::atom("SM75_U16x4_LDSM_T").unwrap();
    assert_eq!(phases_of(&tile, 2, down, x1), vec![vec![8]]);
    assert_eq!(phases_of(&tile, 2, down, x2), vec![vec![8, 8]]);
    assert_eq!(phases_of(&sw, 2, down, x2), vec![vec![1, 1]]);
}

/// A Hopper mode over rows of `width` bytes, in `elem`-byte units: its swizzle, the tile and
/// the two TV layouts of 16-byte accesses (along the rows, along the columns).
fn hopper(width: i64, elem: i64, swizzle: Option<(i64, i64, i64)>) -> (Tile, String, String) {
    let cols = width / elem; // elements per row
    let v = 16 / elem; // elements per 16-byte chunk
    let nc = width / 16; // chunks per row
    let text = format!("(8,{}):({},1)", cols, cols);
    let tile = match swizzle {
        Some((b, m, s)) => swizzled(b, m, s, &text),
        None => plain(&text),
    };
    // Tile index k = row + 8 col; chunk c of row r is index r + 8 v c.
    // Along the rows: lane t reads chunk t of the row-major chunk order (chunk t % nc of row
    // t / nc), 8 consecutive chunks per phase; a warp covers 32 chunks, the rest in further
    // steps, and a tile of fewer than 32 chunks is read twice (lanes 16-31 repeat 0-15).
    let rows_per_warp = 32 / nc;
    let along = if rows_per_warp > 8 {
        format!("(({},8,{}),{}):(({},1,0),8)", nc, rows_per_warp / 8, v, 8 * v)
    } else {
        format!("(({},{}),({},{})):(({},1),(8,{}))", nc, rows_per_warp, v, 8 / rows_per_warp, 8 * v, rows_per_warp)
    };
    // Along the columns: lane t reads chunk column t / 8 of row t % 8, a chunk column per
    // phase; 4 chunk columns a warp, again repeated or continued in further steps.
    let down = if nc < 4 {
        format!("((8,{},{}),{}):((1,{},0),8)", nc, 4 / nc, v, 8 * v)
    } else {
        format!("((8,4),({},{})):((1,{}),(8,{}))", v, nc / 4, 8 * v, 32 * v)
    };
    (tile, along, down)
}

#[test]
fn hopper_swizzle_modes() {
    let v16 = Instruction::Vector { bytes: 16 };
    // CuTe's modes are swizzles of BYTE offsets (uint8): Sw<B,4,3> XORs bits 4..4+B (the 16-byte
    // chunk in a 128-byte segment) with bits 7..7+B (the 128-byte segment). Over 16-bit
    // elements the same permutation of bytes is Sw<B,3,3> (one bit less on each side). Both
    // are checked: the byte swizzles with elem_bytes = 1, the element ones with 2.
    for (width, b) in [(32, 1), (64, 2), (128, 3)] {
        for (elem, m) in [(1, 4), (2, 3)] {
            let (tile, along, down) = hopper(width, elem, Some((b, m, 3)));
            // Along the rows a phase reads 8 consecutive chunks, 128 contiguous bytes (rows are
            // contiguous): every bank once. The swizzle only permutes chunks within a 128-byte
            // segment (bits 4-6 of the bytes, from bits 7-9): the same 128 bytes.
            let steps = ((8 * width / 16) as usize).div_ceil(32);
            assert_eq!(phases_of(&tile, elem, &along, v16), vec![vec![1; 4]; steps], "{} {} along", width, elem);
            // Down a chunk column: row r's chunk c moves to c ^ (bits 7.. of the row's offset),
            // which differ for the 8 rows (rows of width 32 change bit 7 every 4 rows, 64 bits
            // 7-8 every 2, 128 bits 7-9 every row): 8 distinct 16-byte bank groups.
            assert_eq!(phases_of(&tile, elem, &down, v16), vec![vec![1; 4]; steps], "{} {} down", width, elem);
            // Without the swizzle: along the rows still 1; down a column, row r's chunk is at
            // bytes r * width + 16 c, in the bank group (r * width / 16 + c) mod 8, which
            // repeats every 128 / width rows: 8 / (128 / width) = width / 16 rows share it.
            let (tile, along, down) = hopper(width, elem, None);
            assert_eq!(phases_of(&tile, elem, &along, v16), vec![vec![1; 4]; steps]);
            let ways = (width / 16) as u32;
            assert_eq!(phases_of(&tile, elem, &down, v16), vec![vec![ways; 4]; steps], "{} {} plain", width, elem);
        }
    }
    // The byte swizzle Sw<3,4,3> taken as if in 16-bit elements (the wrong unit): it XORs
    // element bits 4-6 (bytes 5-7: the chunk's upper two bits and the row's parity) with
    // element bits 7-9 (rows 1-3 of 64-element rows); rows 0 and 1 then keep the same chunk:
    // 2-way conflicts down a column.
    let (tile, _, down) = hopper(128, 2, Some((3, 4, 3)));
    assert_eq!(phases_of(&tile, 2, &down, v16), vec![vec![2; 4]; 2]);
}

#[test]
fn transpose_32x32_f32() {
    let v4 = Instruction::Vector { bytes: 4 };
    // Tile index k = row + 32 col. Writing row-major: instruction i (value i) is row i, lane
    // t column t: index i + 32 t. Reading columns: instruction i is column i, lane t row t:
    // index t + 32 i.
    let write = "(32,32):(32,1)";
    let read = "(32,32):(1,32)";
    // Row-major (32,32):(32,1): row i's 32 f32 are 128 contiguous bytes, one word per bank:
    // 1 wavefront. Column i: lane t at byte 128 t + 4 i, bank i for all 32 rows: 32 distinct
    // words in one bank, 32 wavefronts.
    let rm = plain("(32,32):(32,1)");
    assert_eq!(phases_of(&rm, 4, write, v4), vec![vec![1]; 32]);
    assert_eq!(phases_of(&rm, 4, read, v4), vec![vec![32]; 32]);
    // Padded rows of 33: element (r, c) at 33 r + c, bank (r + c) mod 32: a row or a column
    // meets every bank once.
    let padded = plain("(32,32):(33,1)");
    assert_eq!(phases_of(&padded, 4, write, v4), vec![vec![1]; 32]);
    assert_eq!(phases_of(&padded, 4, read, v4), vec![vec![1]; 32]);
    // Sw<5,0,5> in elements (f32 = one word): column bits 0-4 XOR row bits 5-9, element (r, c)
    // at 32 r + (c ^ r): row i's columns c ^ i are all 32 banks, and so are column i's rows
    // (banks i ^ r).
    let sw = swizzled(5, 0, 5, "(32,32):(32,1)");
    assert_eq!(phases_of(&sw, 4, write, v4), vec![vec![1]; 32]);
    assert_eq!(phases_of(&sw, 4, read, v4), vec![vec![1]; 32]);
    let r = bank_conflicts(Shared::from(&rm.plain()), 4, &read.parse::<Layout>().unwrap(), v4).unwrap();
    assert_eq!((r.wavefronts(), r.ideal(), r.degree()), (1024, 32, 32));
}

#[test]
fn global_known_cases() {
    let v4 = Instruction::Vector { bytes: 4 };
    let v16 = Instruction::Vector { bytes: 16 };
    let rm: Layout = "(32,32):(32,1)".parse().unwrap();
    // A warp reading a row of 32 f32: 128 contiguous bytes, 4 sectors of one line (if the row
    // starts at a line: row i at byte 128 i).
    let r = coalescing(&rm, 4, &"(32,32):(32,1)".parse::<cute::dynamic::Layout>().unwrap(), v4).unwrap();
    let t = &r.instructions()[0];
    assert_eq!((t.bytes, t.sectors, t.min_sectors, t.lines, t.min_lines), (128, 4, 4, 1, 1));
    assert_eq!(r.efficiency(), 1.0);
    // A column: 32 rows 128 bytes apart, a sector and a line each, 4 bytes of each sector used.
    let r = coalescing(&rm, 4, &"(32,32):(1,32)".parse::<cute::dynamic::Layout>().unwrap(), v4).unwrap();
    let t = &r.instructions()[0];
    assert_eq!((t.bytes, t.sectors, t.min_sectors, t.lines, t.min_lines), (128, 32, 4, 32, 1));
    assert_eq!(r.efficiency(), 4.0 / 32.0);
    // 16-byte vectors of a contiguous 512 bytes: 16 sectors of 4 lines, all used.
    let r = coalescing(
        &"(4,128):(1,4)".parse::<cute::dynamic::Layout>().unwrap(),
        4,
        &"(32,(4,4)):(4,(1,128))".parse::<cute::dynamic::Layout>().unwrap(),
        v16,
    )
    .unwrap();
    assert_eq!(r.instructions().len(), 4);
    for t in r.instructions() {
        assert_eq!((t.bytes, t.sectors, t.min_sectors, t.lines, t.min_lines), (512, 16, 16, 4, 4));
    }
    // All 32 lanes reading the same f32: 4 distinct bytes, one sector, one line.
    let r = coalescing(
        &"32:1".parse::<cute::dynamic::Layout>().unwrap(),
        4,
        &"(32,1):(0,0)".parse::<cute::dynamic::Layout>().unwrap(),
        v4,
    )
    .unwrap();
    let t = &r.instructions()[0];
    assert_eq!((t.bytes, t.sectors, t.min_sectors, t.lines, t.min_lines), (4, 1, 1, 1, 1));
    assert_eq!(r.efficiency(), 4.0 / 32.0);
}

#[test]
fn instructions_follow_the_model() {
    // Every atom's bytes, moving lanes and phases as the model describes them.
    for (name, expected) in [
        ("UniversalCopy<uint8_t>", Instruction::Vector { bytes: 1 }),
        ("UniversalCopy<uint16_t>", Instruction::Vector { bytes: 2 }),
        ("UniversalCopy<uint32_t>", Instruction::Vector { bytes: 4 }),
        ("UniversalCopy<uint64_t>", Instruction::Vector { bytes: 8 }),
        ("UniversalCopy<uint128_t>", Instruction::Vector { bytes: 16 }),
        ("SM75_U32x1_LDSM_N", Instruction::Matrix { rows: 8 }),
        ("SM75_U32x2_LDSM_N", Instruction::Matrix { rows: 16 }),
        ("SM75_U32x4_LDSM_N", Instruction::Matrix { rows: 32 }),
        ("SM75_U16x2_LDSM_T", Instruction::Matrix { rows: 8 }),
        ("SM75_U16x4_LDSM_T", Instruction::Matrix { rows: 16 }),
        ("SM75_U16x8_LDSM_T", Instruction::Matrix { rows: 32 }),
        ("SM90_U32x1_STSM_N", Instruction::Matrix { rows: 8 }),
        ("SM90_U16x8_STSM_T", Instruction::Matrix { rows: 32 }),
        ("SM80_CP_ASYNC_CACHEALWAYS<uint32_t>", Instruction::Vector { bytes: 4 }),
        ("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", Instruction::Vector { bytes: 16 }),
    ] {
        let i = Instruction::atom(name).unwrap();
        assert_eq!(i, expected, "{}", name);
        let (bytes, moving, per_phase) = shape_of(i);
        let got = (i.bytes() as i64, i.threads() as i64, i.phase_threads() as i64, i.phases() as i64);
        assert_eq!(got, (bytes, moving, per_phase, moving / per_phase), "{}", name);
    }
    assert_eq!(Instruction::atom("SM75_U32x3_LDSM_N").unwrap_err().kind(), ErrorKind::InvalidArgument);
}

#[test]
fn malformed_accesses_are_refused() {
    let smem: Layout = "64:1".parse().unwrap();
    let refused = |elem: i64, tv: &str, instruction: Instruction| {
        let e = bank_conflicts(Shared::from(&smem), elem, &tv.parse::<Layout>().unwrap(), instruction).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{}", e.message());
    };
    // 8-byte elements do not fit a 4-byte instruction.
    refused(8, "(32,1):(1,0)", Instruction::Vector { bytes: 4 });
    // 3 values per thread are not a whole number of 2-value (8-byte) instructions.
    refused(4, "(16,3):(3,1)", Instruction::Vector { bytes: 8 });
    // A TV layout of rank 1 has no value mode. The function's docs list this error among the
    // InvalidArgument ones; it is of kind RankMismatch (reported as a finding).
    let e = bank_conflicts(
        Shared::from(&smem),
        4,
        &"32:1".parse::<cute::dynamic::Layout>().unwrap(),
        Instruction::Vector { bytes: 4 },
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::RankMismatch, "{}", e.message());
    assert!(e.message().contains("rank 2"), "{}", e.message());
    // ldmatrix's lanes past `rows` give no address, so their values need not be contiguous.
    // Tile (8,(4,4)):(400,(1,100)) of f32: columns in groups of 4 contiguous elements, groups
    // 100 apart. Lane t reads row t % 8 from column 2 (t / 8), 4 values (16 bytes): lanes 0-7
    // columns 0-3 (offsets 400 r + 0..4), lanes 8-15 columns 2-5, across two groups
    // (2, 3, 100, 101): .x1 (lanes 0-7) is fine, .x2 and .x4 are refused at thread 8.
    let tile: Layout = "(8,(4,4)):(400,(1,100))".parse().unwrap();
    let tv = "((8,4),4):((1,16),8)";
    let r = bank_conflicts(Shared::from(&tile), 4, &tv.parse::<Layout>().unwrap(), Instruction::Matrix { rows: 8 })
        .unwrap();
    // Rows 400 elements = 1600 bytes apart, 1600 / 4 = 400 words = 16 mod 32: banks 0-3 and
    // 16-19 alternate, each with 4 rows' words: 4 wavefronts.
    assert_eq!((r.wavefronts(), r.ideal()), (4, 1));
    expect_refused(Shared::from(&tile), 4, tv, Instruction::Matrix { rows: 16 }, 8);
    expect_refused(Shared::from(&tile), 4, tv, Instruction::Matrix { rows: 32 }, 8);
}

/// An access that ends at the top of i64 (its first byte at 2^63 - 16, its last at 2^63 - 1):
/// its words, banks, bytes and sectors are those of any other 16 bytes, though one past its
/// last byte passes i64.
#[test]
fn an_access_that_ends_at_the_top_of_i64() {
    let v16 = Instruction::Vector { bytes: 16 };
    // Element 1 of 2:(2^59 - 1) in 16-byte elements is at byte 16 (2^59 - 1) = 2^63 - 16.
    let tile: Layout = "2:576460752303423487".parse().unwrap();
    let tv: Layout = "(2,1):(1,0)".parse().unwrap();
    let r = bank_conflicts(Shared::from(&tile), 16, &tv, v16).unwrap();
    let phase = &r.instructions()[0].phases[0];
    assert_eq!((phase.accesses[1].address, phase.accesses[1].bytes), (i64::MAX - 15, 16));
    // Thread 0 in banks 0-3, thread 1 in banks 28-31: one wavefront.
    assert_eq!((r.wavefronts(), r.ideal()), (1, 1));
    let r = coalescing(&tile, 16, &tv, v16).unwrap();
    let t = &r.instructions()[0];
    assert_eq!((t.bytes, t.sectors, t.min_sectors, t.lines, t.min_lines), (32, 2, 1, 2, 1));
    assert_eq!(r.efficiency(), 0.5);
}
