package dev.shortcode.client.cli;

import dev.shortcode.client.source.BitlyExport;
import dev.shortcode.client.source.CsvLinks;
import dev.shortcode.client.source.ImportOptions;
import dev.shortcode.client.source.KuttTable;
import dev.shortcode.client.source.LinkSource;
import dev.shortcode.client.source.ShlinkListing;
import dev.shortcode.client.source.YourlsTable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "import", description = {
        "Imports another shortener's links from its export, over one bulk stream like 'bulk'.",
        "  bitly   Bitly's link export, CSV (long_url, link, expiration_at)",
        "  shlink  Shlink's GET /rest/v3/short-urls answer, JSON",
        "  yourls  YOURLS' yourls_url table, CSV (keyword,url,title,...)",
        "  kutt    Kutt's links table, CSV with header (address,target,expire_in,...)",
        "  csv     this client's CSV (url, ttl, alias, title, tags, domain)",
        "Each link becomes its long URL; with --keep-codes its old code is sent as alias. An expiry in the "
                + "future becomes the TTL (the time left, in days rounded up, at most --longest-ttl; the service's "
                + "TTL is idle time, extended by each visit); a link already expired is not sent (status 0). Titles "
                + "(Kutt: descriptions) and tags are kept, made to fit the service's rules (tags lower-cased, spaces as '-'). "
                + "Visit limits and the other tool's domains are not; --domain puts every link on one of this service's domains."})
final class ImportCommand implements Callable<Integer> {

    enum From { bitly, shlink, yourls, kutt, csv }

    @ParentCommand
    Main main;
    @Spec
    CommandSpec spec;

    @Option(names = "--from", required = true, paramLabel = "bitly|shlink|yourls|kutt|csv", description = "The export's format.")
    From from;

    @Parameters(paramLabel = "FILE")
    Path file;

    @Option(names = "--keep-codes", description = "Send each link's old code as its alias, so old short links can be "
            + "redirected here. Codes shaped like the service's own (5 to 7 base62 characters) are kept too: the "
            + "service reserves them so it never issues them. Codes shorter than 3 characters or with other "
            + "characters answer their problem (invalid-alias).")
    boolean keepCodes;

    @Option(names = "--longest-ttl", paramLabel = "DURATION", defaultValue = "P100D",
            description = "The service refuses TTLs beyond its longest pool's (P100D with the default pools): an "
                    + "expiry further ahead gets this TTL (default: ${DEFAULT-VALUE}).")
    Duration longestTtl;

    @Option(names = "--domain", paramLabel = "HOST", description = "Create every link on this branded domain (one an admin "
            + "added with POST /api/v1/domains); aliases are per domain. Default: the service's default domain.")
    String domain;

    @Option(names = "--permanent-beyond", description = "Send expiries further ahead than --longest-ttl as 'permanent' instead.")
    boolean permanentBeyond;

    @Mixin
    BulkOptions options;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (longestTtl.compareTo(Duration.ofMinutes(1)) < 0) {
            throw new ParameterException(spec.commandLine(), "--longest-ttl must be at least PT1M");
        }
        ImportOptions importing = new ImportOptions(keepCodes, Instant.now(), longestTtl, permanentBeyond, domain);
        LinkSource source = switch (from) {
            case bitly -> new BitlyExport(importing);
            case shlink -> new ShlinkListing(importing);
            case yourls -> new YourlsTable(importing);
            case kutt -> new KuttTable(importing);
            case csv -> new CsvLinks();
        };
        return BulkExecution.run(spec, main, options, file, source, "import-" + from);
    }
}
