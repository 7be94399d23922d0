//! Protection against other web sites: every request must name this server
//! in its `Host` header (DNS rebinding: a hostile name resolving to
//! 127.0.0.1 is refused) and, when it carries an `Origin`, come from this
//! server's own page (cross-site requests are refused). Refusals are 403
//! with a JSON error. Every response also gets headers that keep the page
//! from being framed or loading anything from elsewhere.

use super::error::ApiError;
use axum::extract::{Request, State};
use axum::http::header::{self, HeaderValue};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};

/// The address people open: `http://127.0.0.1:PORT/` (loopback when bound
/// to every interface).
pub fn base_url(addr: SocketAddr) -> String {
    let ip = if addr.ip().is_unspecified() {
        match addr.ip() {
            IpAddr::V4(_) => "127.0.0.1".to_string(),
            IpAddr::V6(_) => "[::1]".to_string(),
        }
    } else {
        host_text(addr.ip())
    };
    format!("http://{ip}:{}/", addr.port())
}

fn host_text(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    }
}

/// Which `Host` values name this server.
#[derive(Clone, Debug)]
pub struct Guard {
    bound: SocketAddr,
}

impl Guard {
    /// The guard of a server listening on `bound`.
    pub fn new(bound: SocketAddr) -> Guard {
        Guard { bound }
    }

    /// Whether a `Host` header value (`name:port`) names this server:
    /// the port must be ours and the name `localhost`, a loopback address
    /// when we listen on loopback, the bound address, or (when bound to
    /// every interface) any IP address. Host names other than `localhost`
    /// are never accepted, which defeats DNS rebinding.
    pub fn accepts_host(&self, host: &str) -> bool {
        let Some((name, port)) = split_host(host) else {
            return false;
        };
        if port != self.bound.port() {
            return false;
        }
        let bound = self.bound.ip();
        if name.eq_ignore_ascii_case("localhost") {
            return bound.is_loopback() || bound.is_unspecified();
        }
        match name.parse::<IpAddr>() {
            Ok(ip) => {
                ip == bound || bound.is_unspecified() || (bound.is_loopback() && ip.is_loopback())
            }
            Err(_) => false,
        }
    }

    /// Whether an `Origin` header value is this server's own page.
    pub fn accepts_origin(&self, origin: &str) -> bool {
        origin
            .strip_prefix("http://")
            .is_some_and(|host| !host.contains('/') && self.accepts_host(host))
    }

    /// Checks a request's headers; the error says which header was refused.
    pub fn check(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        let host = headers
            .get(header::HOST)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        if !self.accepts_host(host) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!(
                    "Host {host:?} is not this server; open {}",
                    base_url(self.bound)
                ),
            ));
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let text = origin.to_str().unwrap_or("");
            if !self.accepts_origin(text) {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    format!("requests from {text:?} are not allowed (cross-site)"),
                ));
            }
        }
        if headers
            .get("sec-fetch-site")
            .is_some_and(|v| v.as_bytes() == b"cross-site")
        {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "cross-site requests are not allowed",
            ));
        }
        Ok(())
    }
}

/// `host:port` or `[v6]:port` split into name and port.
fn split_host(host: &str) -> Option<(&str, u16)> {
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        let (name, after) = rest.split_once(']')?;
        (name, after.strip_prefix(':')?)
    } else {
        host.rsplit_once(':')?
    };
    Some((name, port.parse().ok()?))
}

/// Middleware: refuses foreign requests and adds the security headers.
pub async fn protect(State(guard): State<Guard>, request: Request, next: Next) -> Response {
    if let Err(e) = guard.check(request.headers()) {
        return e.into_response();
    }
    let mut response = next.run(request).await;
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; \
             connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
        ),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        "cross-origin-resource-policy",
        HeaderValue::from_static("same-origin"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guard(addr: &str) -> Guard {
        Guard::new(addr.parse().unwrap())
    }

    #[test]
    fn loopback_server_accepts_its_own_names_only() {
        let g = guard("127.0.0.1:8000");
        assert!(g.accepts_host("127.0.0.1:8000"));
        assert!(g.accepts_host("localhost:8000"));
        assert!(g.accepts_host("[::1]:8000"));
        assert!(!g.accepts_host("127.0.0.1:8001"));
        assert!(!g.accepts_host("evil.example:8000"));
        assert!(!g.accepts_host("127.0.0.1"));
        assert!(!g.accepts_host("192.168.1.5:8000"));
        assert!(g.accepts_origin("http://localhost:8000"));
        assert!(!g.accepts_origin("http://evil.example:8000"));
        assert!(!g.accepts_origin("null"));
        assert!(!g.accepts_origin("https://127.0.0.1:8000"));
    }

    #[test]
    fn wildcard_server_accepts_ip_literals() {
        let g = guard("0.0.0.0:80");
        assert!(g.accepts_host("192.168.1.5:80"));
        assert!(g.accepts_host("localhost:80"));
        assert!(!g.accepts_host("rebind.example:80"));
        assert_eq!(base_url(g.bound), "http://127.0.0.1:80/");
    }
}
