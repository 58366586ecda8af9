//! `select!`, `take!` and `group!`: CuTe's `select<I...>(L)`, `take<B, E>(L)` and
//! `group<B, E>(L)`. Each writes the list of mode indices as a type and calls the layout's
//! `select_modes` or `group_modes`, which serve static layouts and layouts with runtime leaves.

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use quote::quote;
use syn::{Error, LitInt, Result};

/// The layout expression (the tokens before the first top-level comma) and the integers after
/// it.
fn split(input: TokenStream, what: &str) -> Result<(TokenStream, Vec<(usize, Span)>)> {
    let mut tokens = input.into_iter().peekable();
    let mut layout = TokenStream::new();
    while let Some(t) = tokens.next_if(|t| !matches!(t, TokenTree::Punct(p) if p.as_char() == ',')) {
        layout.extend([t]);
    }
    if layout.is_empty() {
        return Err(Error::new(Span::call_site(), format!("{what}: expected a layout, then mode indices")));
    }
    let mut indices = Vec::new();
    while let Some(comma) = tokens.next() {
        let Some(t) = tokens.next() else {
            return Err(Error::new(comma.span(), "expected a mode index after `,`"));
        };
        let t = match t {
            TokenTree::Group(g) if g.delimiter() == Delimiter::None => {
                g.stream().into_iter().next().unwrap_or(TokenTree::Group(g))
            }
            t => t,
        };
        let lit: LitInt = syn::parse2(t.clone().into())
            .map_err(|_| Error::new(t.span(), format!("expected a mode index (an integer literal), found `{t}`")))?;
        let index = lit.base10_parse::<usize>()?;
        if index > 63 {
            return Err(Error::new(
                lit.span(),
                format!("mode index {index} is past the last mode a tuple can have (63)"),
            ));
        }
        indices.push((index, lit.span()));
    }
    Ok((layout, indices))
}

/// `HCons<Mode<i0>, HCons<Mode<i1>, ... HNil>>`.
fn mode_list(indices: impl DoubleEndedIterator<Item = usize>) -> TokenStream {
    indices.rev().fold(quote!(::cute::HNil), |tail, i| quote!(::cute::HCons<::cute::Mode<#i>, #tail>))
}

/// `B` and `E` of `take!` and `group!`, with `B <= E`, and the span of `E`.
fn range(input: TokenStream, what: &str) -> Result<(TokenStream, usize, usize, Span)> {
    let (layout, indices) = split(input, what)?;
    match indices[..] {
        [(b, _), (e, span)] if b > e => Err(Error::new(span, format!("{what}: the end {e} is before the begin {b}"))),
        [(b, _), (e, span)] => Ok((layout, b, e, span)),
        _ => Err(Error::new(Span::call_site(), format!("{what}: expected a layout and two mode indices B, E"))),
    }
}

pub fn select(input: TokenStream) -> Result<TokenStream> {
    let (layout, indices) = split(input, "select!")?;
    if indices.is_empty() {
        return Err(Error::new(Span::call_site(), "select!: expected at least one mode index after the layout"));
    }
    let list = mode_list(indices.iter().map(|&(i, _)| i));
    // A repeated index repeats its mode, which multiplies the size: that selection is checked.
    let repeated = indices.iter().enumerate().any(|(k, &(i, _))| indices[..k].iter().any(|&(j, _)| j == i));
    if repeated {
        Ok(quote!((#layout).try_select_modes::<#list>()))
    } else {
        Ok(quote!((#layout).select_modes::<#list>()))
    }
}

pub fn take(input: TokenStream) -> Result<TokenStream> {
    let (layout, b, e, span) = range(input, "take!")?;
    if b == e {
        return Err(Error::new(span, format!("take!: the range {b}..{e} has no mode (CuTe's take needs B < E)")));
    }
    let list = mode_list(b..e);
    Ok(quote!((#layout).select_modes::<#list>()))
}

pub fn group(input: TokenStream) -> Result<TokenStream> {
    let (layout, b, e, _) = range(input, "group!")?;
    let (before, grouped) = (mode_list(0..b), mode_list(b..e));
    Ok(quote!((#layout).group_modes::<#before, #grouped, #e>()))
}
