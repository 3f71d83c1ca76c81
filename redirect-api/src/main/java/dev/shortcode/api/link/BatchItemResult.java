package dev.shortcode.api.link;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.shortcode.api.problem.Problem;

/** One item of a batch answer: the link, or the problem that stopped this item (and only it). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BatchItemResult(int index, int status, LinkView link, Problem problem) {}
