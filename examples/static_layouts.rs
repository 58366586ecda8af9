//! Static layouts: every shape and stride is a type, every result is computed by the trait
//! solver, and every layout is a zero-sized value. Run with
//! `cargo run --example static_layouts`; each result is checked against the value the dynamic
//! engine gives (`cute eval '...'`). CuTe prints a static integer `n` as `_n`.

use cute::{
    blocked_product, complement, composition, coord, cosize, layout, logical_divide, raked_product, rank, shape, size,
    tiler, zipped_divide, Int, Layout,
};

/// One tile of the (8,16):(20,1) matrix: 4 rows of 8 columns taken every other column.
type Tile = Layout![(4,8):(20,2)];

/// A layout type, and offsets computed at compile time (`offset`, `natural_offset` are `const fn`s
/// of a static layout type).
type A = Layout![(4,(3,2)):(2,(8,1))];
const LAST: isize = A::offset(23);
const AT_1_2_1: isize = A::natural_offset([1, 2, 1]);

/// The offset of element `i` of a tile, with the layout in the signature.
fn tile_offset(tile: Tile, i: usize) -> isize {
    tile.call(i)
}

fn main() {
    // A layout maps a coordinate to an offset: `(1,(2,1))` goes to 1*2 + 2*8 + 1*1, and the
    // index 23, the last coordinate `(3,(2,1))`, to 3*2 + 2*8 + 1*1.
    let a = layout!((4,(3,2)):(2,(8,1)));
    assert_eq!(a, A::new());
    println!("a = {a}: size {}, cosize {}, rank {}", size(a).value(), cosize(a).value(), rank(a));
    assert_eq!(a.to_string(), "(_4,(_3,_2)):(_2,(_8,_1))");
    assert_eq!((size(a).value(), cosize(a).value(), rank(a)), (24, 24, 2));
    assert_eq!((LAST, AT_1_2_1), (3 * 2 + 2 * 8 + 1, 19));
    println!("a(23) = {LAST}, a((1,(2,1))) = {AT_1_2_1}, mode 1 of a = {}", a.mode::<1>());
    assert_eq!(a.mode::<1>().to_string(), "(_3,_2):(_8,_1)");

    // Without a stride the layout is compact: column-major, or row-major with LayoutRight.
    assert_eq!(layout!((4, 8)).to_string(), "(_4,_8):(_1,_4)");
    assert_eq!(layout!((4, 8), LayoutRight).to_string(), "(_4,_8):(_8,_1)");

    // Composition: (A o B)(c) = A(B(c)). B takes every 12th element of A, 6 of them.
    let r = composition(layout!((4,6,8,10):(2,3,5,7)), layout!(6:12));
    println!("(4,6,8,10):(2,3,5,7) o 6:12 = {r}");
    assert_eq!(r.to_string(), "(_2,_3):(_9,_5)");

    // Divides (the paper's example): the tiler <4:1,8:2> takes 4 consecutive rows and 8 columns
    // every other column. logical_divide keeps the modes; zipped_divide gathers the tile in
    // mode 0 and the tiles in mode 1.
    let m = layout!((8,16):(20,1));
    let t = tiler!(<4:1,8:2>);
    let d = logical_divide(m, t);
    println!("logical_divide({m}, <4:1,8:2>) = {d}");
    assert_eq!(d.to_string(), "((_4,_2),(_8,_2)):((_20,_80),(_2,_1))");
    let z = zipped_divide(m, t);
    println!("zipped_divide({m}, <4:1,8:2>)  = {z}");
    assert_eq!(z.to_string(), "((_4,_8),(_2,_2)):((_20,_2),(_80,_1))");
    // Mode 0 has the type `Tile`: the compiler checks the computed type.
    let tile: Tile = z.mode::<0>();
    // Tile (1,1) starts at row 4, column 1: offset 4*20 + 1.
    assert_eq!(z.call_coord(coord!(((0, 0), (1, 1)))), 81);

    // Products: a (2,5) block repeated over a (3,4) grid. blocked_product keeps each block
    // contiguous; raked_product interleaves the blocks element by element.
    let block = layout!((2,5):(5,1));
    let grid = layout!((3,4):(1,3));
    let bp = blocked_product(block, grid);
    let rp = raked_product(block, grid);
    println!("blocked_product({block}, {grid}) = {bp}");
    println!("raked_product({block}, {grid})   = {rp}");
    assert_eq!(bp.to_string(), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
    assert_eq!(rp.to_string(), "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");

    // Complement: the layout of the offsets below 24 that (2,2):(1,6) does not reach.
    let c = complement(layout!((2,2):(1,6)), shape!(24));
    println!("complement((2,2):(1,6), 24) = {c}");
    assert_eq!(c.to_string(), "(_3,_2):(_2,_12)");

    // At run time `call` is the div/mod arithmetic one would write by hand.
    for i in 0..Tile::SIZE as usize {
        assert_eq!(tile_offset(tile, i), (i % 4) as isize * 20 + (i / 4) as isize * 2);
    }
    let offsets: Vec<isize> = (0..8).map(|i| tile.call(i)).collect();
    println!("{tile} at 0..8: {offsets:?}");
    assert_eq!(offsets, [0, 20, 40, 60, 2, 22, 42, 62]);
}
