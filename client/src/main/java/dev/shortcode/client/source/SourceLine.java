package dev.shortcode.client.source;

import dev.shortcode.client.LinkRequest;
import dev.shortcode.client.Problem;

/**
 * One line of an input file as a create, or as the reason it cannot be one ({@code problem}, found
 * before anything is sent). {@code line} is the line the record starts on, or the item's number
 * in a JSON listing; the request's {@code ref} is only set when the file gave one.
 */
public record SourceLine(long line, LinkRequest request, Problem problem) {

    /** Problems found in the file are not the service's: their type says so. */
    public static final String LOCAL_PROBLEM_TYPE = "urn:shortcode-cli:";

    public static SourceLine of(long line, LinkRequest request) {
        return new SourceLine(line, request, null);
    }

    /** @param name what kind of problem, e.g. {@code invalid-line} or {@code expired} */
    public static SourceLine problem(long line, String name, String detail) {
        return new SourceLine(line, null, new Problem(LOCAL_PROBLEM_TYPE + name, "Not sent", 0, detail));
    }

    public boolean sendable() {
        return request != null;
    }
}
