package dev.shortcode.api.inventory;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.shortcode.api.error.BatchTooLargeException;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.link.LinkEditor;
import dev.shortcode.api.link.LinkMetaPolicy;
import dev.shortcode.api.link.UpdateLinkRequest;
import dev.shortcode.api.problem.ErrorMapping;
import dev.shortcode.api.problem.Problem;
import dev.shortcode.api.problem.ProblemResponse;
import dev.shortcode.core.store.ApiKey;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Changes and deletes of many links by code: each code is one {@link LinkEditor} change, checked
 * for ownership like a single one, and answered on its own, in input order; one code's failure
 * changes nothing of the others. The request as a whole is checked first (400 or 413, nothing
 * changed).
 */
public final class BulkEdits {

    public static final int MAX_CODES = 1_000;

    private final LinkEditor editor;

    public BulkEdits(LinkEditor editor) {
        this.editor = editor;
    }

    /** What to set on every link; an absent field is left as it is. */
    @Schema(description = "Fields to set on every link: title (\"\" removes it), tags (replaces the set), ttl (within each link's pool)")
    public record SetFields(String title, List<String> tags, String ttl) {}

    @Schema(description = "Links to change by code")
    public record UpdateRequest(@Schema(required = true) List<String> codes, SetFields set, List<String> addTags, List<String> removeTags) {}

    @Schema(description = "Links to delete by code")
    public record DeleteRequest(@Schema(required = true) List<String> codes) {}

    /** One code's answer: 200 (changed), 204 (deleted), or the problem's status with the problem. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Result(@Schema(required = true) String code, @Schema(required = true) int status, Problem problem) {}

    public record Results(List<Result> results) {}

    public CompletionStage<Results> update(UpdateRequest request, ApiKey caller) {
        List<String> codes;
        UpdateLinkRequest change;
        UnaryOperator<List<String>> retag;
        try {
            if (request == null) {
                throw new InvalidRequestException("invalid-body", "expected {\"codes\": [...], \"set\": {...}, \"addTags\": [...], \"removeTags\": [...]}");
            }
            codes = codes(request.codes());
            SetFields set = request.set() == null ? new SetFields(null, null, null) : request.set();
            List<String> add = request.addTags() == null ? List.of() : LinkMetaPolicy.tags(request.addTags());
            List<String> remove = request.removeTags() == null ? List.of() : LinkMetaPolicy.tags(request.removeTags());
            if (set.title() == null && set.tags() == null && set.ttl() == null && add.isEmpty() && remove.isEmpty()) {
                throw new InvalidRequestException("invalid-body", "give set.title, set.tags, set.ttl, addTags and/or removeTags");
            }
            if (set.title() != null) {
                LinkMetaPolicy.title(set.title());
            }
            if (set.tags() != null) {
                LinkMetaPolicy.tags(set.tags());
            }
            change = UpdateLinkRequest.ofMeta(set.title(), set.tags(), set.ttl());
            retag = add.isEmpty() && remove.isEmpty() ? null : tags -> {
                Set<String> next = new LinkedHashSet<>(tags);
                next.addAll(add);
                next.removeAll(remove);
                return new ArrayList<>(next);
            };
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return each(codes, code -> editor.update(code, change, retag, caller).thenApply(view -> 200));
    }

    public CompletionStage<Results> delete(DeleteRequest request, ApiKey caller) {
        List<String> codes;
        try {
            if (request == null) {
                throw new InvalidRequestException("invalid-body", "expected {\"codes\": [...]}");
            }
            codes = codes(request.codes());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return each(codes, code -> editor.delete(code, caller).thenApply(v -> 204));
    }

    private static List<String> codes(List<String> codes) {
        if (codes == null || codes.isEmpty()) {
            throw new InvalidRequestException("invalid-body", "codes must list 1 to " + MAX_CODES + " codes");
        }
        if (codes.size() > MAX_CODES) {
            throw new BatchTooLargeException(codes.size(), MAX_CODES);
        }
        for (String code : codes) {
            if (code == null) {
                throw new InvalidRequestException("invalid-body", "codes must not hold null");
            }
        }
        return codes;
    }

    private static CompletionStage<Results> each(List<String> codes, Function<String, CompletionStage<Integer>> edit) {
        List<CompletableFuture<Result>> results = new ArrayList<>(codes.size());
        for (String code : codes) {
            results.add(edit.apply(code).handle((status, failure) -> {
                if (failure == null) {
                    return new Result(code, status, null);
                }
                ProblemResponse problem = ErrorMapping.map(failure, null);
                return new Result(code, problem.status(), problem.problem());
            }).toCompletableFuture());
        }
        return CompletableFuture.allOf(results.toArray(CompletableFuture[]::new))
                .thenApply(v -> new Results(results.stream().map(CompletableFuture::join).toList()));
    }
}
