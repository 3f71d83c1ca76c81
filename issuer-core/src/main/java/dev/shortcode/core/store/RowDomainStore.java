package dev.shortcode.core.store;

import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** The {@link DomainStore} in the rows of a {@link RowModerationStore}: {@code h<host>} a domain. */
final class RowDomainStore implements DomainStore {

    private static final String DOMAIN = "h";

    private final RowModerationStore rows;

    RowDomainStore(RowModerationStore rows) {
        this.rows = rows;
    }

    @Override
    public CompletionStage<List<Domain>> domains() {
        return rows.scan(DOMAIN).thenApply(values -> values.stream().map(Domain::decode)
                .sorted(Comparator.comparingLong(Domain::createdAtMillis)).toList());
    }

    @Override
    public CompletionStage<Boolean> add(Domain domain) {
        return rows.putIfAbsent(DOMAIN + domain.host(), domain.encode());
    }

    @Override
    public CompletionStage<Boolean> remove(String host) {
        return rows.delete(DOMAIN + host);
    }
}
