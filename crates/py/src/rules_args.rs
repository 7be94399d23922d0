//! A game's rules from Python arguments, as the CLI's `--game`, `--shape`,
//! `--k`, `--gravity`, `--rule` and `--wrap`: a preset or a shape, then
//! the other settings on top (the core's `rules_request`, as the CLI). The
//! words of every error are the core's.

use crate::errors::value_error;
use hypertac_core::rules_request::{self, Base, RulesRequest};
use hypertac_core::{Rules, Shape, MAX_SIDE, PRESETS};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};

/// Gravity as asked for from Python.
pub enum Gravity {
    /// Not given: the preset's (none for a shape).
    Keep,
    /// Along this axis, or none.
    Set(Option<usize>),
}

impl Gravity {
    /// Reads `None` (keep), `False` or `"none"` (no gravity), an axis number
    /// or `"x"`, `"y"`, `"z"`, `"w"`.
    pub fn extract(value: Option<&Bound<'_, PyAny>>) -> PyResult<Gravity> {
        let Some(v) = value.filter(|v| !v.is_none()) else {
            return Ok(Gravity::Keep);
        };
        if v.is_instance_of::<PyBool>() {
            return if v.extract::<bool>()? {
                Err(value_error(
                    "gravity=True: give the axis stones fall along (0.., or x, y, z, w)",
                ))
            } else {
                Ok(Gravity::Set(None))
            };
        }
        if v.is_instance_of::<PyString>() {
            return parse_axis(&v.extract::<String>()?).map(Gravity::Set);
        }
        let axis: i64 = v.extract().map_err(|_| {
            value_error("gravity: expected an axis number from 0, x, y, z, w, \"none\" or None")
        })?;
        usize::try_from(axis)
            .map(|a| Gravity::Set(Some(a)))
            .map_err(|_| value_error(format!("gravity axis {axis} is negative")))
    }
}

/// The rules the arguments ask for (`tictactoe`-style preset, or a shape
/// with k defaulting to its shortest axis).
///
/// # Errors
/// Both or neither of `game` and `shape`, or anything the core refuses.
pub fn rules_from(
    game: Option<&str>,
    shape: Option<&Bound<'_, PyAny>>,
    k: Option<u32>,
    gravity: Gravity,
    rule: Option<&str>,
    wrap: bool,
) -> PyResult<Rules> {
    let shape = shape.filter(|s| !s.is_none());
    let base = match (game, shape) {
        (Some(_), Some(_)) => return Err(value_error("give either game or shape, not both")),
        (Some(name), None) => Base::Preset(name),
        (None, Some(s)) => Base::Shape(extract_shape(s)?),
        (None, None) => {
            return Err(value_error(
                "no game: give a preset (Game(\"qubic\")) or a shape (Game(shape=(4, 4, 4)))",
            ))
        }
    };
    let gravity = match gravity {
        Gravity::Keep => None,
        Gravity::Set(axis) => Some(axis),
    };
    RulesRequest {
        base,
        k,
        gravity,
        rule,
        wrap,
    }
    .rules()
    .map_err(value_error)
}

/// A shape from `"5x5x5"` or a sequence of sizes `(5, 5, 5)`.
fn extract_shape(value: &Bound<'_, PyAny>) -> PyResult<Shape> {
    if let Ok(text) = value.extract::<String>() {
        return Shape::parse(&text).map_err(|e| value_error(format!("shape: {e}")));
    }
    let sizes: Vec<i64> = value.extract().map_err(|_| {
        value_error(
            "shape: expected a sequence of axis sizes like (5, 5, 5) or text like \"5x5x5\"",
        )
    })?;
    let sizes = sizes
        .iter()
        .map(|&n| {
            u32::try_from(n)
                .map_err(|_| value_error(format!("an axis has 1 to {MAX_SIDE} cells, not {n}")))
        })
        .collect::<PyResult<Vec<u32>>>()?;
    Shape::new(&sizes).map_err(value_error)
}

fn parse_axis(text: &str) -> PyResult<Option<usize>> {
    rules_request::parse_axis(text).ok_or_else(|| {
        value_error(format!(
            "gravity {text:?}: expected an axis number from 0, x, y, z, w or none"
        ))
    })
}

/// The named presets: a list of `(name, description)`.
#[pyfunction]
pub fn presets() -> Vec<(&'static str, &'static str)> {
    PRESETS.to_vec()
}
