//! Property tests of tile_to_shape on the dynamic engine: the post-conditions checked by
//! evaluating the layouts over their domain on random inputs (see `properties_common`).

use crate::properties_common::*;

#[derive(Debug)]
struct Tiling {
    block: Show<Layout>,
    target: Show<IntTuple>,
}

#[test]
fn tile_to_shape_has_the_target_shape() {
    let input = decoded(|g| {
        let block = compact_layout(g, 16);
        let rank = block.rank() + g.below(2);
        let sizes: Vec<i64> = block.append_to_rank(rank).unwrap().shape().product_each().unwrap().flat_leaves();
        let target = HTuple::Tuple(
            sizes
                .iter()
                .map(|&s| {
                    let k = s * g.range(1, 3);
                    // Sometimes a nested target mode of the same size.
                    match (g.chance(25), (2..k).find(|d| k % d == 0)) {
                        (true, Some(d)) => IntTuple::flat(&[d, k / d]),
                        _ => HTuple::Leaf(k),
                    }
                })
                .collect(),
        );
        Tiling { block: Show(block), target: Show(target) }
    });
    property("tile_to_shape", input, |Tiling { block: Show(block), target: Show(target) }| {
        let r = ok(&format!("tile_to_shape({block}, {target})"), tile_to_shape(block, target))?;
        let what = format!("tile_to_shape({block}, {target}) = {r}");
        prop_assert_eq!(r.rank(), target.rank(), "{}: rank", what);
        for (k, t) in target.modes().iter().enumerate() {
            prop_assert_eq!(size(&r.mode(k).unwrap())?, t.size().unwrap(), "{}: size of mode {}", what, k);
        }
        prop_assert!(injective(&r)?, "{}: the copies of an injective block overlap", what);
        Ok(true)
    });
}
