import Foundation
import TestSupport

/// A response body checked against a schema of `openapi.yaml` by an independent validator
/// (Python's jsonschema, Draft 2020-12 as OpenAPI 3.1 uses), not by the server's own types.
enum OpenAPISchemas {
    struct CheckerFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// What jsonschema finds wrong in `body` against `#/components/schemas/NAME`, one line
    /// per problem; empty when the body conforms.
    static func problems(in body: Data, against name: String) throws -> String {
        let folder = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-openapi")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("body.json")
        try body.write(to: file)
        let run = try NibscanProcess.launch(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", """
            import json, sys, jsonschema, yaml
            body, document, name = sys.argv[1:4]
            spec = yaml.safe_load(open(document, encoding="utf-8"))
            schema = {"$ref": f"#/components/schemas/{name}", "components": spec["components"]}
            for error in jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(body, encoding="utf-8"))):
                print("/".join(str(p) for p in error.path), error.message)
            """, file.path, Fixtures.packageRoot.appendingPathComponent("openapi.yaml").path, name])
        guard run.status == 0 else { throw CheckerFailure(description: "jsonschema did not run (scripts/setup): \(run.stderr)") }
        return run.stdout
    }
}
