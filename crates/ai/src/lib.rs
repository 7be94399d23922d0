//! hypertac AI
