//! Basis strides in a layout's notation, `(4,8):(1@0,1@1)`: the conditions a layout with basis
//! strides must meet that the notation alone can break, checked where the macro expands, and
//! the type of a basis element's path.

use proc_macro2::TokenStream;
use syn::Result;

use crate::emit::{hlist, static_pairs, unsigned, Leaf, Tuple};
use crate::notation::Term;

/// The path of the dims `dims` (innermost first, as written): an HList of typenum unsigned
/// integers, outer first, as `cute::basis::ScaledBasis` takes it.
pub fn path(dims: &[u32]) -> TokenStream {
    hlist(dims.iter().rev().map(|&k| unsigned(u64::from(k))))
}

/// Check the basis strides `stride` (written `stride_term`) of the layout `t` of shape `shape`:
/// every leaf a basis stride or `0` (a nonzero integer would mix an offset into the
/// coordinates); the basis elements make one coordinate (`1@0` beside `1@0@0` does not: the
/// entry `0` would be an integer and a tuple); and, where every leaf is static, each entry of
/// the coordinates fits in i64 (`sum((s - 1) * |v|)` along each element), as a runtime one is
/// checked to when it is made.
pub fn check(t: &Term, shape: &Tuple, stride: &Tuple, stride_term: &Term) -> Result<()> {
    let mut leaves = Vec::new();
    basis_leaves(stride, stride_term, &mut leaves)?;
    // Sorted, a path lies just before the first of those it is a prefix of.
    let mut paths: Vec<(Vec<u32>, &Term)> = leaves
        .iter()
        .filter_map(|(dims, term)| Some((dims.as_ref()?.iter().rev().copied().collect(), *term)))
        .collect();
    paths.sort_by(|a, b| a.0.cmp(&b.0));
    for pair in paths.windows(2) {
        let ((p, a), (q, b)) = (&pair[0], &pair[1]);
        if p.len() < q.len() && q.starts_with(p) {
            return Err(b.error(format_args!(
                "basis strides `{a}` and `{b}` do not make one coordinate: an entry of one is a tuple in the other"
            )));
        }
    }
    if !(shape.is_static() && stride.is_static()) {
        return Ok(());
    }
    let mut pairs = Vec::new();
    static_pairs(shape, stride, &mut pairs);
    let mut reach: Vec<(&[u32], i128)> = Vec::new();
    for (s, d) in pairs {
        let Tuple::Basis(Leaf::Static(v), dims) = d else { continue };
        // In range: s is a shape extent, positive (`int_tuple` rejects the others), and
        // (s - 1) * |v| < 2^63 * 2^63 = 2^126 fits in i128.
        #[allow(clippy::arithmetic_side_effects)]
        let span = i128::from(s - 1) * i128::from(*v).abs();
        // A sum past i64::MAX is an error whatever it is, so it saturates: with many leaves along
        // one element, the exact sum can pass i128::MAX.
        match reach.iter_mut().find(|(p, _)| *p == dims.as_slice()) {
            Some((_, r)) => *r = r.saturating_add(span),
            None => reach.push((dims, span)),
        }
    }
    match reach.iter().find(|(_, r)| *r > i128::from(i64::MAX)) {
        Some((dims, _)) => {
            let element: String = dims.iter().map(|k| format!("@{k}")).collect();
            Err(t.error(format_args!(
                "the coordinates of `{t}` do not fit in i64: their entry along 1{element} is past i64::MAX"
            )))
        }
        None => Ok(()),
    }
}

/// The leaves of the basis strides, each its dims (`None` for `0`) and its term; a nonzero
/// integer or a runtime integer leaf is an error on its term.
fn basis_leaves<'a>(t: &Tuple, term: &'a Term, out: &mut Vec<(Option<Vec<u32>>, &'a Term)>) -> Result<()> {
    match t {
        Tuple::Basis(_, dims) => out.push((Some(dims.clone()), term)),
        Tuple::Leaf(Leaf::Static(0)) => out.push((None, term)),
        Tuple::Leaf(_) => {
            return Err(term.error(format_args!(
                "`{term}` is an integer among basis strides: write a basis stride `v@k` (or 0, which adds nothing)"
            )))
        }
        Tuple::Node(v) => {
            let items = term.items().unwrap_or_default();
            v.iter().zip(items).try_for_each(|(t, term)| basis_leaves(t, term, out))?;
        }
    }
    Ok(())
}
