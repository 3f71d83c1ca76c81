package dev.shortcode.api.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.shortcode.api.openapi.ApiTags;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.specification.RequestSpecification;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI document is a product: client generators name their methods after its operation ids
 * and group them by its tags, so every operation has a unique camelCase id and one declared tag,
 * says every answer it can give (errors as problems), says truly whether it needs a key (checked
 * by calling it without one), names the public server, and carries only examples that validate.
 */
@QuarkusTest
@TestProfile(EmbeddedProfile.class)
class EmbeddedOpenApiDocumentIntegrationTests {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");
    private static final String PROBLEM_REF = "#/components/schemas/Problem";

    @TestHTTPResource(value = "", management = true)
    URI management;

    private String text;
    private JsonNode document;

    @BeforeEach
    void readDocument() throws Exception {
        text = given().get(management.resolve("openapi?format=json")).then().statusCode(200).extract().asString();
        document = JSON.readTree(text);
    }

    @Test
    void document_isValidForTheReferenceParser() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);

        SwaggerParseResult result = new OpenAPIV3Parser().readContents(text, null, options);

        assertThat(result.getMessages()).isEmpty();
        assertThat(result.getOpenAPI().getPaths()).hasSizeGreaterThanOrEqualTo(20);
    }

    @Test
    void everyOperation_hasAUniqueCamelCaseId_andOneDeclaredTag() throws Exception {
        Set<String> declared = new HashSet<>();
        document.path("tags").forEach(tag -> {
            assertThat(tag.path("description").asText()).as("tag %s", tag.path("name")).isNotBlank();
            declared.add(tag.path("name").asText());
        });
        assertThat(declared).containsExactlyInAnyOrderElementsOf(constantsOf(ApiTags.class));
        Set<String> ids = new HashSet<>();
        Set<String> used = new HashSet<>();

        forEachOperation((where, operation) -> {
            String id = operation.path("operationId").asText();
            assertThat(id).as(where).matches("[a-z][a-zA-Z0-9]*");
            assertThat(ids.add(id)).as("%s: operationId %s used twice", where, id).isTrue();
            assertThat(operation.path("tags")).as(where).hasSize(1);
            String tag = operation.path("tags").get(0).asText();
            assertThat(declared).as(where).contains(tag);
            used.add(tag);
        });

        assertThat(ids).hasSizeGreaterThanOrEqualTo(28);
        assertThat(used).as("every declared tag has an operation").isEqualTo(declared);
    }

    @Test
    void everyOperation_documentsItsSuccessAndErrors_andEveryErrorIsAProblem() {
        forEachOperation((where, operation) -> {
            List<String> statuses = new ArrayList<>();
            operation.path("responses").fieldNames().forEachRemaining(statuses::add);
            assertThat(statuses).as("%s: a success", where).anyMatch(status -> status.startsWith("2") || status.startsWith("3"));
            assertThat(statuses).as("%s: a client error", where).anyMatch(status -> status.startsWith("4"));
            if (!operation.path("security").isEmpty()) {
                assertThat(statuses).as("%s: what the API-key filter and a store outage answer", where)
                        .contains("401", "403", "429", "503");
            }
            if (operation.at("/requestBody/content").has("application/json")) {
                assertThat(statuses).as("%s: a body it cannot read", where).contains("400", "415");
            }
            for (String status : statuses) {
                if (status.startsWith("4") || status.startsWith("5")) {
                    assertThat(operation.at("/responses/" + status + "/content/application~1problem+json/schema/$ref").asText())
                            .as("%s %s", where, status).isEqualTo(PROBLEM_REF);
                }
            }
        });
    }

    @Test
    void security_isWhatTheServiceAsksFor() {
        assertThat(document.at("/components/securitySchemes/apiKey/name").asText()).isEqualTo("X-API-Key");
        List<String> publicOperations = new ArrayList<>();

        forEachOperation((where, operation) -> {
            assertThat(operation.has("security")).as("%s states its security, [] when public", where).isTrue();
            boolean keyed = !operation.path("security").isEmpty();
            int status = callWithoutKey(where, operation).statusCode();
            if (keyed) {
                assertThat(status).as("%s without a key", where).isEqualTo(401);
            } else {
                assertThat(status).as("%s without a key", where).isNotIn(401, 403);
                publicOperations.add(operation.path("operationId").asText());
            }
        });

        assertThat(publicOperations).containsExactlyInAnyOrder("followLink", "unlockLink", "previewLink", "getQrCode", "getAppleAppSiteAssociation",
                "getAssetLinks", "reportLink");
    }

    @Test
    void servers_nameThePublicBaseUrl_notTheManagementPort() {
        assertThat(document.path("servers")).hasSize(1);
        assertThat(document.at("/servers/0/url").asText()).isEqualTo("http://localhost:8080");
    }

    @Test
    void everyExample_validatesAgainstItsSchema() {
        SchemaRegistry schemas = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        List<String> checked = new ArrayList<>();
        BiConsumer<String, JsonNode> mediaTypes = (where, content) -> content.fields().forEachRemaining(media -> {
            JsonNode schema = media.getValue().path("schema");
            if (media.getValue().has("example")) {
                checked.add(validate(schemas, where + " " + media.getKey(), schema, media.getValue().get("example")));
            }
            media.getValue().path("examples").fields().forEachRemaining(named -> checked.add(
                    validate(schemas, where + " " + media.getKey() + " " + named.getKey(), schema, named.getValue().path("value"))));
        });

        forEachOperation((where, operation) -> {
            mediaTypes.accept(where + " request", operation.at("/requestBody/content"));
            operation.path("responses").fields().forEachRemaining(answer ->
                    mediaTypes.accept(where + " " + answer.getKey(), answer.getValue().path("content")));
        });
        document.at("/components/schemas").fields().forEachRemaining(schema -> schemaExamples(schemas, schema.getKey(),
                schema.getValue(), checked));

        assertThat(checked).as("the bulk stream's line and result examples, and the schemas' own")
                .anyMatch(where -> where.startsWith("post /api/v1/links/bulk request"))
                .anyMatch(where -> where.startsWith("post /api/v1/links/bulk 200"))
                .anyMatch(where -> where.startsWith("DeviceTargets"));
    }

    private void schemaExamples(SchemaRegistry schemas, String where, JsonNode schema, List<String> checked) {
        for (JsonNode example : schema.path("examples")) {
            checked.add(validate(schemas, where, schema, example));
        }
        schema.path("properties").fields().forEachRemaining(property ->
                schemaExamples(schemas, where + "." + property.getKey(), property.getValue(), checked));
    }

    /** Validates against the schema with the document's components beside it, so its $refs resolve. */
    private String validate(SchemaRegistry schemas, String where, JsonNode schema, JsonNode example) {
        assertThat(schema.isMissingNode()).as("%s: an example without a schema", where).isFalse();
        ObjectNode rooted = schema.deepCopy();
        rooted.set("components", document.path("components"));
        List<Error> errors = schemas.getSchema(rooted).validate(example);
        assertThat(errors).as("%s: example %s", where, example).isEmpty();
        return where;
    }

    private io.restassured.response.Response callWithoutKey(String where, JsonNode operation) {
        String[] methodAndPath = where.split(" ", 2);
        String path = methodAndPath[1].replaceAll("\\{[^}]+}", "abc12");
        RequestSpecification request = given().redirects().follow(false).accept("*/*");
        JsonNode body = operation.at("/requestBody/content");
        if (body.has("application/json")) {
            request = request.contentType("application/json").body("{}");
        } else if (body.has("application/x-www-form-urlencoded")) {
            request = request.contentType("application/x-www-form-urlencoded").formParam("password", "");
        } else if (body.fieldNames().hasNext()) {
            request = request.contentType(body.fieldNames().next()).body(new byte[0]);
        } else {
            request = request.noContentType(); // as a client sends a POST without a body
        }
        return request.request(methodAndPath[0].toUpperCase(), path);
    }

    private void forEachOperation(BiConsumer<String, JsonNode> check) {
        Iterator<Map.Entry<String, JsonNode>> paths = document.path("paths").fields();
        int operations = 0;
        while (paths.hasNext()) {
            Map.Entry<String, JsonNode> path = paths.next();
            Iterator<Map.Entry<String, JsonNode>> methods = path.getValue().fields();
            while (methods.hasNext()) {
                Map.Entry<String, JsonNode> method = methods.next();
                if (METHODS.contains(method.getKey())) {
                    check.accept(method.getKey() + " " + path.getKey(), method.getValue());
                    operations++;
                }
            }
        }
        assertThat(operations).isGreaterThanOrEqualTo(28);
    }

    private static Set<String> constantsOf(Class<?> holder) throws IllegalAccessException {
        Set<String> values = new HashSet<>();
        for (Field field : holder.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                values.add((String) field.get(null));
            }
        }
        return values;
    }
}
