//! API errors: a status code and a one-line message, sent as
//! `{"error": "..."}`.

use axum::extract::rejection::QueryRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// An error answered to an API request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What was wrong, for people.
    pub message: String,
}

/// Most characters of an error message.
pub const MESSAGE_CHARS: usize = 300;

impl ApiError {
    /// An error with a status and message; a message longer than
    /// [`MESSAGE_CHARS`] (one that repeats a long bad input) is cut there.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: hypertac_core::notation::clip(&message.into(), MESSAGE_CHARS),
        }
    }

    /// 400: a malformed request.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 404: no such thing.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: the request is well formed but conflicts with the game or store.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// 500: something failed on the server's side (store, thread).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status.as_u16(), self.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(serde_json::json!({ "error": self.message })),
        )
            .into_response()
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::bad_request(one_line(&rejection.body_text()))
    }
}

/// The result of an API handler.
pub type ApiResult<T> = Result<T, ApiError>;

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A JSON request body; malformed or oversized bodies are rejected with a
/// JSON [`ApiError`] (400 or 413). An empty body reads as `{}`.
pub struct Body<T>(pub T);

impl<S, T> FromRequest<S> for Body<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|rejection| {
                if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::new(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        "request body is larger than 64 KiB",
                    )
                } else {
                    ApiError::bad_request(one_line(&rejection.body_text()))
                }
            })?;
        let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else {
            &bytes
        };
        serde_json::from_slice(text)
            .map(Body)
            .map_err(|e| ApiError::bad_request(format!("malformed JSON body: {e}")))
    }
}

/// Like `axum::extract::Query`, but a malformed query is rejected with a
/// JSON [`ApiError`].
pub struct Params<T>(pub T);

impl<S, T> axum::extract::FromRequestParts<S> for Params<T>
where
    axum::extract::Query<T>: axum::extract::FromRequestParts<S, Rejection = QueryRejection>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Self::Rejection> {
        let axum::extract::Query(value) =
            axum::extract::Query::<T>::from_request_parts(parts, state).await?;
        Ok(Params(value))
    }
}

/// Turns an error response that is not JSON (a rejection of one of axum's
/// own extractors, e.g. a path that is not UTF-8) into `{"error": ...}` with
/// the same status, so every API error has the documented shape.
pub async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let body = axum::body::to_bytes(response.into_body(), 4096)
        .await
        .unwrap_or_default();
    let text = one_line(&String::from_utf8_lossy(&body));
    let message = if text.is_empty() {
        status.canonical_reason().unwrap_or("error").to_string()
    } else {
        text
    };
    ApiError::new(status, message).into_response()
}
