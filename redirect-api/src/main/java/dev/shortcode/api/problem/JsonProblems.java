package dev.shortcode.api.problem;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;

/** A body that is not the JSON an endpoint expects, as a 400 whose detail says where and what. */
public final class JsonProblems {

    private JsonProblems() {}

    /** @param prefix where the parsed value sits in the request, e.g. {@code links[3]}; empty for the whole body */
    public static InvalidRequestException of(JsonProcessingException e, String prefix) {
        String where = Echo.of(path(e, prefix), 2 * Echo.MAX); // a field name may be a megabyte long
        if (e instanceof UnrecognizedPropertyException unknown) {
            return new InvalidRequestException("invalid-json", "unknown field '" + Echo.of(where) + "'; the fields here are "
                    + unknown.getKnownPropertyIds().stream().map(String::valueOf).sorted().toList()); // by name, whatever order Jackson keeps
        }
        String what = e.getOriginalMessage();
        int detailsStart = what == null ? -1 : what.indexOf("\n");
        if (detailsStart > 0) {
            what = what.substring(0, detailsStart); // Jackson appends source excerpts: not for clients
        }
        return new InvalidRequestException("invalid-json", (where.isEmpty() ? "the body" : "'" + Echo.of(where) + "'")
                + " does not fit this endpoint: " + Echo.of(withoutJavaNames(what), 4 * Echo.MAX));
    }

    /** A Java type or member name in the parser's message ({@code `java.lang.String`}, {@code StreamReadConstraints.getMaxNameLength()}) as a client reads it. */
    private static final java.util.regex.Pattern JAVA_TYPE = java.util.regex.Pattern.compile("`?((?:[a-z][a-z0-9_]*\\.)+([A-Z][A-Za-z0-9_$]*))`?");
    private static final java.util.regex.Pattern JAVA_CALL = java.util.regex.Pattern.compile("\\(?`?[A-Za-z]+\\.[a-z][A-Za-z]*\\(\\)`?\\)?");

    static String withoutJavaNames(String message) {
        if (message == null) {
            return "";
        }
        String plain = JAVA_CALL.matcher(message).replaceAll("");
        java.util.regex.Matcher m = JAVA_TYPE.matcher(plain);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String simple = m.group(2);
            String word = switch (simple) {
                case "String", "CharSequence" -> "text";
                case "Integer", "Long", "Short", "Byte", "int", "long", "BigInteger", "BigDecimal", "Double", "Float" -> "number";
                case "Boolean" -> "true or false";
                case "List", "ArrayList", "Set", "Collection" -> "array";
                case "Map", "HashMap", "LinkedHashMap" -> "object";
                default -> "object";
            };
            m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(word));
        }
        m.appendTail(out);
        return out.toString().replaceAll("\\s{2,}", " ").strip();
    }

    private static String path(JsonProcessingException e, String prefix) {
        StringBuilder out = new StringBuilder(prefix);
        if (e instanceof JsonMappingException mapping) {
            for (JsonMappingException.Reference ref : mapping.getPath()) {
                if (ref.getFieldName() != null) {
                    out.append(out.length() == 0 ? "" : ".").append(ref.getFieldName());
                } else if (ref.getIndex() >= 0) {
                    out.append('[').append(ref.getIndex()).append(']');
                }
            }
        }
        return out.toString();
    }
}
