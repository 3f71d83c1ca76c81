package dev.shortcode.core.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The text form of a {@link LinkRouting}: one field of a format 4 link record
 * ({@link LinkRecordCodec}). Parts are separated by the ASCII record separator (0x1E), a part's
 * name from its values by the unit separator (0x1F), and within a rule's condition a query
 * parameter's name from its value by the group separator (0x1D). None of them can occur in a
 * value: URLs and every other text with control characters are refused before they get here
 * (and here too). Numbers are base 36, like the record's.
 *
 * <pre>
 * fq US 1|0                       forward the query
 * vf US validFrom  / vu US validUntil / xu US expiredUrl / mc US maxClicks / pw US passwordHash
 * s  US weight US url             a split variant, one part each, in order
 * dm US host                      the branded domain
 * r  US url (US condition)*       a rule, one part each, in order; a condition is
 *                                 c:US,DE  l:en,fr-ca  d:ios,android  a:after  b:before  q:name GS value
 * </pre>
 *
 * Unknown part names are refused: a record is never read half-understood.
 */
final class LinkRoutingCodec {

    private static final char PART = '\u001E';
    private static final char UNIT = '\u001F';
    private static final char GROUP = '\u001D';
    private static final String LIST_SEP = ",";

    private LinkRoutingCodec() {}

    static String encode(LinkRouting r) {
        StringBuilder out = new StringBuilder(64);
        if (r.forwardQuery() != null) {
            part(out, "fq", r.forwardQuery() ? "1" : "0");
        }
        number(out, "vf", r.validFromMillis());
        number(out, "vu", r.validUntilMillis());
        if (r.expiredUrl() != null) {
            part(out, "xu", r.expiredUrl());
        }
        number(out, "mc", r.maxClicks());
        if (r.passwordHash() != null) {
            part(out, "pw", r.passwordHash());
        }
        if (r.domain() != null) {
            part(out, "dm", r.domain());
        }
        for (LinkRouting.Variant v : r.split()) {
            part(out, "s", Integer.toString(v.weight(), 36), v.url());
        }
        for (LinkRouting.Rule rule : r.rules()) {
            List<String> units = new ArrayList<>();
            units.add(checked(rule.url()));
            LinkRouting.Condition c = rule.when();
            list(units, 'c', c.countries());
            list(units, 'l', c.languages());
            list(units, 'd', c.devices());
            if (c.afterMillis() != null) {
                units.add("a:" + Long.toString(c.afterMillis(), 36));
            }
            if (c.beforeMillis() != null) {
                units.add("b:" + Long.toString(c.beforeMillis(), 36));
            }
            new TreeMap<>(c.query()).forEach((name, value) -> units.add("q:" + checked(name) + GROUP + checked(value)));
            checkedPart(out, "r", units); // each unit checked as it was made: a query condition holds a separator of its own
        }
        return out.toString();
    }

    private static void list(List<String> units, char kind, List<String> values) {
        if (!values.isEmpty()) {
            for (String v : values) {
                if (v.contains(LIST_SEP)) {
                    throw new IllegalArgumentException("routing list values must not contain commas: " + v);
                }
            }
            units.add(kind + ":" + checked(String.join(LIST_SEP, values)));
        }
    }

    private static void number(StringBuilder out, String name, Long value) {
        if (value != null) {
            part(out, name, Long.toString(value, 36));
        }
    }

    private static void part(StringBuilder out, String name, String... values) {
        for (String v : values) {
            checked(v);
        }
        checkedPart(out, name, List.of(values));
    }

    private static void checkedPart(StringBuilder out, String name, List<String> units) {
        if (!out.isEmpty()) {
            out.append(PART);
        }
        out.append(name);
        for (String u : units) {
            out.append(UNIT).append(u);
        }
    }

    private static String checked(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) < 0x20) {
                throw new IllegalArgumentException("routing values must not contain control characters");
            }
        }
        return value;
    }

    /** @throws IllegalArgumentException when the text is not a routing this codec wrote */
    static LinkRouting decode(String text) {
        if (text.isEmpty()) {
            return LinkRouting.NONE;
        }
        Boolean forwardQuery = null;
        Long validFrom = null;
        Long validUntil = null;
        String expiredUrl = null;
        Long maxClicks = null;
        String password = null;
        String domain = null;
        List<LinkRouting.Variant> split = new ArrayList<>();
        List<LinkRouting.Rule> rules = new ArrayList<>();
        for (String part : text.split(String.valueOf(PART), -1)) {
            String[] u = part.split(String.valueOf(UNIT), -1);
            switch (u[0]) {
                case "fq" -> forwardQuery = "1".equals(one(u));
                case "vf" -> validFrom = Long.parseLong(one(u), 36);
                case "vu" -> validUntil = Long.parseLong(one(u), 36);
                case "xu" -> expiredUrl = one(u);
                case "mc" -> maxClicks = Long.parseLong(one(u), 36);
                case "pw" -> password = one(u);
                case "dm" -> domain = one(u);
                case "s" -> {
                    if (u.length != 3) {
                        throw new IllegalArgumentException("a split variant has a weight and a url");
                    }
                    split.add(new LinkRouting.Variant(u[2], Integer.parseInt(u[1], 36)));
                }
                case "r" -> rules.add(rule(u));
                default -> throw new IllegalArgumentException("unknown routing part '" + u[0] + "'");
            }
        }
        return new LinkRouting(forwardQuery, validFrom, validUntil, expiredUrl, maxClicks, password, split, rules, domain);
    }

    private static String one(String[] units) {
        if (units.length != 2) {
            throw new IllegalArgumentException("routing part '" + units[0] + "' has one value");
        }
        return units[1];
    }

    private static LinkRouting.Rule rule(String[] u) {
        if (u.length < 2) {
            throw new IllegalArgumentException("a rule has a url");
        }
        List<String> countries = List.of();
        List<String> languages = List.of();
        List<String> devices = List.of();
        Long after = null;
        Long before = null;
        Map<String, String> query = new TreeMap<>();
        for (int i = 2; i < u.length; i++) {
            String c = u[i];
            if (c.length() < 2 || c.charAt(1) != ':') {
                throw new IllegalArgumentException("not a rule condition: " + c);
            }
            String value = c.substring(2);
            switch (c.charAt(0)) {
                case 'c' -> countries = List.of(value.split(LIST_SEP));
                case 'l' -> languages = List.of(value.split(LIST_SEP));
                case 'd' -> devices = List.of(value.split(LIST_SEP));
                case 'a' -> after = Long.parseLong(value, 36);
                case 'b' -> before = Long.parseLong(value, 36);
                case 'q' -> {
                    int sep = value.indexOf(GROUP);
                    if (sep < 0) {
                        throw new IllegalArgumentException("a query condition has a name and a value");
                    }
                    query.put(value.substring(0, sep), value.substring(sep + 1));
                }
                default -> throw new IllegalArgumentException("unknown rule condition '" + c.charAt(0) + "'");
            }
        }
        return new LinkRouting.Rule(new LinkRouting.Condition(countries, languages, devices, query, after, before), u[1]);
    }
}
