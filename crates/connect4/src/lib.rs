//! Connect Four solver
