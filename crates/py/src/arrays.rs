//! NumPy arrays built in Rust: the values are written into one buffer and
//! handed to `numpy.frombuffer` (no Python loop per cell, no copy of the
//! buffer; a `bytearray` backs it, so the array is writable).

use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict};

/// A NumPy array of `dtype` (`"int8"`, `"<i4"`, ...) over `bytes`, reshaped
/// to `shape` in `order` (`"C"`, or `"F"` for axis 0 fastest).
pub fn from_bytes<'py>(
    py: Python<'py>,
    bytes: &[u8],
    dtype: &str,
    shape: Vec<usize>,
    order: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    let buffer = PyByteArray::new(py, bytes);
    let flat = numpy.call_method1("frombuffer", (buffer, dtype))?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("order", order)?;
    flat.call_method("reshape", (shape,), Some(&kwargs))
}

/// An `int32` array of `values` with `shape` (C order).
pub fn int32<'py>(
    py: Python<'py>,
    values: &[i32],
    shape: Vec<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    from_bytes(py, &bytes, "<i4", shape, "C")
}

/// An `int8` array of `values` with `shape` (C order).
pub fn int8<'py>(py: Python<'py>, values: &[i8], shape: Vec<usize>) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
    from_bytes(py, &bytes, "int8", shape, "C")
}
