//! The page's static files, embedded in the binary so it works offline
//! and from any folder.

use super::state::AppState;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

const INDEX_HTML: &str = include_str!("static/index.html");
const APP_JS: &str = include_str!("static/app.js");
const VALUES_JS: &str = include_str!("static/values.js");
const STYLE_CSS: &str = include_str!("static/style.css");
const ICON_SVG: &str = include_str!("static/icon.svg");

/// Routes of the page's files.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(|| file("text/html; charset=utf-8", INDEX_HTML)))
        .route(
            "/index.html",
            get(|| file("text/html; charset=utf-8", INDEX_HTML)),
        )
        .route(
            "/app.js",
            get(|| file("text/javascript; charset=utf-8", APP_JS)),
        )
        .route(
            "/values.js",
            get(|| file("text/javascript; charset=utf-8", VALUES_JS)),
        )
        .route(
            "/style.css",
            get(|| file("text/css; charset=utf-8", STYLE_CSS)),
        )
        .route("/icon.svg", get(|| file("image/svg+xml", ICON_SVG)))
}

async fn file(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
}
