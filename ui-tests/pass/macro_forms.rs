// Every form of the macros compiles, in value and in type position.
use cute::{layout, shape, stride, tiler, Layout, Shape, Stride, Tiler};

type Tile = Layout![(4,8):(8,1)];
type Big = Layout![(2,3):(4096,-1099511627776)];

fn main() {
    let _: Tile = layout!((4,8):(8,1));
    let _: Tile = layout!((4,8), LayoutRight);
    let _: Layout![(4,8):(1,4)] = layout!((4,8), LayoutLeft);
    let _: Layout![(4,8)] = layout!(( _4 , _8 ):( _1 , _4 ));
    let _: Big = layout!((2,3):(4096,_-1099511627776));
    let _: Layout![8:-1] = layout!(8:-_1);
    let _: Layout![(8):(1)] = layout!((8));
    let _: Shape![(4,(2,3))] = shape!((4,(2,3)));
    let _: Stride![(0,-2)] = stride!((0,-2));
    let _: Tiler![<4:1,(8,2):(2,1),_,6>] = tiler!(<4:1,(8,2):(2,1),_,6>);
    let _: Tiler![(4,8)] = tiler!(<4,8>);
    let _: Tiler![9223372036854775807] = tiler!(9223372036854775807);
    assert_eq!(layout!((4,8):(8,1)).to_string(), "(_4,_8):(_8,_1)");
    assert_eq!(<Big>::COSIZE as i64, 1 + 4096 + 2 * 1099511627776);
}
