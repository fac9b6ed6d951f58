"""A throwaway certificate authority for clients that reach a fake only through an HTTPS proxy.

Some clients make their own HTTPS connections, out of reach of sitecustomize.py's rerouting (the Snowflake
connector's native core). They honour HTTPS_PROXY, so the fakes server accepts CONNECT for the hosts it
fakes and answers inside the tunnel with a certificate for that host, signed by this CA. The clients trust
the CA through SSL_CERT_FILE, which the server sets for the samples. Keys live in memory and a temporary
folder that is removed with the process's files.
"""

from __future__ import annotations

import datetime
import os
import ssl
import tempfile
import threading

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID


class Authority:
    def __init__(self) -> None:
        self.folder = tempfile.mkdtemp(prefix='samples-fakes-ca-')
        self._key = ec.generate_private_key(ec.SECP256R1())
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, 'Docs samples fake CA')])
        now = datetime.datetime.now(datetime.timezone.utc)
        self._cert = (
            x509.CertificateBuilder()
            .subject_name(name)
            .issuer_name(name)
            .public_key(self._key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=7))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(self._key.public_key()), critical=False)
            .sign(self._key, hashes.SHA256())
        )
        self.ca_file = os.path.join(self.folder, 'ca.pem')
        with open(self.ca_file, 'wb') as out:
            out.write(self._cert.public_bytes(serialization.Encoding.PEM))
        self._contexts: dict[str, ssl.SSLContext] = {}
        self._lock = threading.Lock()

    def context(self, host: str) -> ssl.SSLContext:
        """A server-side TLS context with a certificate for `host`."""
        with self._lock:
            if host not in self._contexts:
                self._contexts[host] = self._make_context(host)
            return self._contexts[host]

    def _make_context(self, host: str) -> ssl.SSLContext:
        key = ec.generate_private_key(ec.SECP256R1())
        now = datetime.datetime.now(datetime.timezone.utc)
        cert = (
            x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host)]))
            .issuer_name(self._cert.subject)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=7))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(host)]), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(self._key.public_key()), critical=False)
            .sign(self._key, hashes.SHA256())
        )
        base = os.path.join(self.folder, host)
        with open(base + '.pem', 'wb') as out:
            out.write(cert.public_bytes(serialization.Encoding.PEM))
            out.write(self._cert.public_bytes(serialization.Encoding.PEM))
        with open(base + '.key', 'wb') as out:
            out.write(
                key.private_bytes(
                    serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
                )
            )
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(base + '.pem', base + '.key')
        context.set_alpn_protocols(['http/1.1'])
        return context
