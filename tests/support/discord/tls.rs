//! The fake's HTTPS side: serenity's ratelimiter (the production path) always sends to
//! `https://discord.com`, so the fake also answers TLS as `discord.com`, with a certificate
//! signed by a test authority the bot is told to trust (files in `tls/`, valid until 2126).

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::server::TlsStream;

/// The test authority's certificate (PEM), for the bot to trust.
pub const CA_PEM: &[u8] = include_bytes!("tls/ca.pem");
const CERT_PEM: &[u8] = include_bytes!("tls/cert.pem");
const KEY_PEM: &[u8] = include_bytes!("tls/key.pem");
/// How long a TLS handshake may take.
const HANDSHAKE: std::time::Duration = std::time::Duration::from_secs(2);

/// A listener that accepts only connections whose TLS handshake succeeds.
pub(super) struct TlsListener {
    tcp: TcpListener,
    acceptor: TlsAcceptor,
}

impl TlsListener {
    /// Listens on a free port of 127.0.0.1.
    pub async fn bind() -> TlsListener {
        let certs = CertificateDer::pem_slice_iter(CERT_PEM)
            .collect::<Result<Vec<_>, _>>()
            .expect("the test certificate parses");
        let key = PrivateKeyDer::from_pem_slice(KEY_PEM).expect("the test key parses");
        let config = ServerConfig::builder()
            .with_no_client_auth()
            .with_single_cert(certs, key)
            .expect("the test certificate and key match");
        TlsListener {
            tcp: TcpListener::bind("127.0.0.1:0")
                .await
                .expect("bind 127.0.0.1:0"),
            acceptor: TlsAcceptor::from(Arc::new(config)),
        }
    }
}

impl axum::serve::Listener for TlsListener {
    type Io = TlsStream<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            let Ok((stream, addr)) = self.tcp.accept().await else {
                continue;
            };
            // A client that never finishes its handshake must not hold up the others.
            let handshake = self.acceptor.accept(stream);
            if let Ok(Ok(tls)) = tokio::time::timeout(HANDSHAKE, handshake).await {
                return (tls, addr);
            }
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        self.tcp.local_addr()
    }
}
