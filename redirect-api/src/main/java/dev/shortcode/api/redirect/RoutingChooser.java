package dev.shortcode.api.redirect;

import dev.shortcode.api.agent.Agent;
import dev.shortcode.api.agent.UserAgents;
import dev.shortcode.api.stats.ClickRecorder;
import dev.shortcode.api.stats.VisitorFacts;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRouting;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where a link with rules or a split sends a visitor. The order: bots, link-preview fetchers and
 * HEAD requests are not routed (they get the url: a crawler indexes the page the link stands for);
 * then the first rule whose condition the visitor meets; then the split's variant the visitor's
 * sticky hash falls in ({@link VisitorFacts#stickyHash}); else nothing, and the redirect goes on to
 * the device targets or the url.
 *
 * <p>What a condition needs is worked out once per visit and only when a rule asks for it: the
 * client's languages, query parameters and country are not parsed for a split alone. Links without
 * a split or rules never get here.
 */
final class RoutingChooser {

    /** Where to send the visitor, and the split variant that chose it ({@link ClickRecorder#NO_VARIANT} when none did). */
    record Pick(String url, int variant) {}

    /** Not routed: the device targets or the url decide. */
    static final Pick UNROUTED = new Pick(null, ClickRecorder.NO_VARIANT);

    private final UserAgents agents;
    private final VisitorFacts visitors;

    RoutingChooser(UserAgents agents, VisitorFacts visitors) {
        this.agents = agents;
        this.visitors = visitors;
    }

    /** Whether a visit is a person's, as the statistics count them: a User-Agent that no list knows as a bot, and not a HEAD. */
    boolean human(HttpServerRequest request) {
        return person(request) != null;
    }

    /** The visitor's class when a person's, else null. */
    private Agent person(HttpServerRequest request) {
        String userAgent = request.getHeader(HttpHeaders.USER_AGENT);
        if (userAgent == null || userAgent.isBlank() || request.method() == HttpMethod.HEAD) {
            return null;
        }
        Agent agent = agents.classify(userAgent);
        return agent.bot() ? null : agent;
    }

    Pick choose(LinkRecord link, HttpServerRequest request, long nowMillis) {
        Agent agent = person(request);
        if (agent == null) {
            return UNROUTED;
        }
        String userAgent = request.getHeader(HttpHeaders.USER_AGENT);
        LinkRouting routing = link.routing();
        Visitor visitor = new Visitor(request, agent);
        for (LinkRouting.Rule rule : routing.rules()) {
            if (holds(rule.when(), visitor, nowMillis)) {
                return new Pick(rule.url(), ClickRecorder.NO_VARIANT);
            }
        }
        List<LinkRouting.Variant> split = routing.split();
        if (split.isEmpty()) {
            return UNROUTED;
        }
        int v = routing.variantAt(visitors.stickyHash(link.code(), visitor.ip(), userAgent));
        return new Pick(split.get(v).url(), v);
    }

    private static boolean holds(LinkRouting.Condition c, Visitor visitor, long nowMillis) {
        if (c.afterMillis() != null && nowMillis < c.afterMillis()) {
            return false;
        }
        if (c.beforeMillis() != null && nowMillis >= c.beforeMillis()) {
            return false;
        }
        if (!c.devices().isEmpty() && !c.devices().contains(visitor.device())) {
            return false;
        }
        if (!c.languages().isEmpty() && !speaks(c.languages(), visitor.languages())) {
            return false;
        }
        if (!c.query().isEmpty() && !carries(c.query(), visitor.query())) {
            return false;
        }
        return c.countries().isEmpty() || visitor.country().filter(c.countries()::contains).isPresent();
    }

    private static boolean speaks(List<String> ruleLanguages, List<String> visitorLanguages) {
        for (String wanted : ruleLanguages) {
            for (String spoken : visitorLanguages) {
                if (AcceptLanguage.matches(wanted, spoken)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean carries(Map<String, String> wanted, Map<String, List<String>> given) {
        for (Map.Entry<String, String> e : wanted.entrySet()) {
            List<String> values = given.get(e.getKey());
            if (values == null || !values.contains(e.getValue())) {
                return false;
            }
        }
        return true;
    }

    /** One visit's facts, each worked out on first use. */
    final class Visitor {
        private final HttpServerRequest request;
        private final Agent agent;
        private String ip;
        private List<String> languages;
        private Map<String, List<String>> query;
        private Optional<String> country;

        Visitor(HttpServerRequest request, Agent agent) {
            this.request = request;
            this.agent = agent;
        }

        String device() {
            return agent.device().name().toLowerCase(Locale.ROOT);
        }

        String ip() {
            if (ip == null) {
                ip = visitors.clientAddress(request);
            }
            return ip;
        }

        List<String> languages() {
            if (languages == null) {
                languages = AcceptLanguage.preferred(request.getHeader(HttpHeaders.ACCEPT_LANGUAGE));
            }
            return languages;
        }

        Map<String, List<String>> query() {
            if (query == null) {
                String q = request.query();
                query = q == null || q.isEmpty() ? Map.of() : new QueryStringDecoder(q, false).parameters();
            }
            return query;
        }

        Optional<String> country() {
            if (country == null) {
                country = visitors.country(ip());
            }
            return country;
        }
    }
}
