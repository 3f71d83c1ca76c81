package dev.shortcode.api.bulk;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.shortcode.api.link.LinkView;
import dev.shortcode.api.problem.Problem;

/**
 * One line of a bulk answer: the input line's number, its status, its ref when it had one, and the
 * link or the problem that stopped this line (and only it).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BulkResult(long line, int status, String ref, LinkView link, Problem problem) {}
