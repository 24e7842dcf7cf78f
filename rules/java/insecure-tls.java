package com.example.partners;

import java.security.SecureRandom;
import java.security.cert.X509Certificate;

import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSession;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

public final class PartnerTls {

    static final class AcceptAll implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
            throw new UnsupportedOperationException();
        }

        @Override
        // ruleid: INSECURE_TLS
        public void checkServerTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }

    static final class Lenient implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        // ruleid: INSECURE_TLS
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
            // self-signed partner certificates
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return null;
        }
    }

    static final class AnyHost implements HostnameVerifier {
        @Override
        // ruleid: INSECURE_TLS
        public boolean verify(String hostname, SSLSession session) {
            return true;
        }
    }

    public static SSLContext legacy() throws Exception {
        // ruleid: INSECURE_TLS
        SSLContext context = SSLContext.getInstance("SSLv3");
        context.init(null, new TrustManager[] {new AcceptAll()}, new SecureRandom());
        return context;
    }

    public static SSLContext modern() throws Exception {
        // ok: INSECURE_TLS
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, null, new SecureRandom());
        return context;
    }

    /** "SSL" names the protocol family like "TLS": current JDKs negotiate TLS 1.2/1.3 with it. */
    public static SSLContext family() throws Exception {
        // ok: INSECURE_TLS
        SSLContext context = SSLContext.getInstance("SSL");
        context.init(null, null, new SecureRandom());
        return context;
    }

    public static SSLContext tls10() throws Exception {
        // ruleid: INSECURE_TLS
        return SSLContext.getInstance("TLSv1");
    }

    public static void relaxed(HttpsURLConnection connection) {
        // ruleid: INSECURE_TLS
        connection.setHostnameVerifier((host, session) -> true);
    }

    /** A verifier kept in a field or a variable and installed later accepts any host all the same. */
    // ruleid: INSECURE_TLS
    protected static HostnameVerifier anyHostVerifier = (hostname, sslSession) -> true;

    public static void pinned(HttpsURLConnection connection) {
        // ok: INSECURE_TLS
        HostnameVerifier onlyApi = (name, sess) -> "api.example.com".equals(name);
        connection.setHostnameVerifier(onlyApi);
        // ruleid: INSECURE_TLS
        HostnameVerifier trustingVerifier = (h, s) -> true;
        connection.setHostnameVerifier(trustingVerifier);
    }

    /** A command-line client: `--insecure` is the user's explicit choice for a self-signed server. */
    public static void connect(HttpsURLConnection connection, boolean insecureOption) {
        if (insecureOption) {
            // ok: INSECURE_TLS
            connection.setHostnameVerifier((host, session) -> true);
        }
    }

    /** An opt-in the class offers, named for the weakening: the caller that uses it decides. */
    public static void skipHostnameVerification(HttpsURLConnection connection) {
        // ok: INSECURE_TLS
        connection.setHostnameVerifier((host, session) -> true);
    }

    /** A branch on the scheme is no opt-in: every HTTPS connection goes unchecked. */
    public static void open(HttpsURLConnection connection, String url) {
        if (url.startsWith("https:")) {
            // ruleid: INSECURE_TLS
            connection.setHostnameVerifier((host, session) -> true);
        }
    }

    /** Installed only under the client's `-noCertificateCheck` option (see `connect`), marked so for SpotBugs. */
    static final class NoCheck implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
            throw new UnsupportedOperationException();
        }

        @Override
        @SuppressFBWarnings(value = "WEAK_TRUST_MANAGER", justification = "only under the user's -noCertificateCheck option")
        // ok: INSECURE_TLS
        public void checkServerTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
