package dev.shortcode.api.stats;

import dev.shortcode.api.config.StatsOptions;
import com.maxmind.db.CHMCache;
import com.maxmind.db.Reader;
import dev.shortcode.core.config.ConfigException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Countries from a MaxMind DB file (GeoLite2-Country, GeoIP2-Country or City, DB-IP's country
 * lite, any database whose records carry {@code country.iso_code}, or
 * {@code registered_country.iso_code} as a fallback). The file is memory-mapped; lookups are a few
 * microseconds, done by the flusher, and an address the database does not know has no country.
 */
final class MaxMindCountries implements CountryLookup {

    private static final System.Logger LOG = System.getLogger(MaxMindCountries.class.getName());

    private final Reader reader;

    private MaxMindCountries(Reader reader) {
        this.reader = reader;
    }

    /** Opens {@code file}; a file that is not a MaxMind DB stops the start naming the key. */
    static MaxMindCountries open(Path file) {
        try {
            return new MaxMindCountries(new Reader(file.toFile(), Reader.FileMode.MEMORY_MAPPED, new CHMCache()));
        } catch (IOException e) {
            throw new ConfigException(StatsOptions.PREFIX + "geo-database", "'" + file + "' is not a MaxMind DB file: " + e.getMessage());
        }
    }

    @Override
    public Optional<String> country(String ip) {
        if (ip == null || ip.isEmpty()) {
            return Optional.empty();
        }
        try {
            // Only literal addresses: getByName parses those without a DNS lookup.
            if (!isLiteral(ip)) {
                return Optional.empty();
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> record = reader.get(InetAddress.getByName(ip), Map.class);
            return isoCode(record, "country").or(() -> isoCode(record, "registered_country"));
        } catch (UnknownHostException | IllegalArgumentException e) {
            return Optional.empty(); // not an address, or an IPv6 one in an IPv4-only database
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "country lookup of an address failed: {0}", e.toString());
            return Optional.empty();
        }
    }

    /** An IPv6 literal (it has a colon), or digits and dots only (IPv4). */
    static boolean isLiteral(String ip) {
        if (ip.indexOf(':') >= 0) {
            return true;
        }
        for (int i = 0; i < ip.length(); i++) {
            char c = ip.charAt(i);
            if (c != '.' && (c < '0' || c > '9')) {
                return false;
            }
        }
        return true;
    }

    private static Optional<String> isoCode(Map<String, Object> record, String field) {
        if (record == null || !(record.get(field) instanceof Map<?, ?> place) || !(place.get("iso_code") instanceof String code)) {
            return Optional.empty();
        }
        return code.length() == 2 ? Optional.of(code.toUpperCase(Locale.ROOT)) : Optional.empty();
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
