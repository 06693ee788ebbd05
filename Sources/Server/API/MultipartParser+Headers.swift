extension MultipartParser {
    /// Reads `Content-Disposition: form-data; name="..."; filename="..."` and `Content-Type`.
    static func partStart(_ headerBytes: ArraySlice<UInt8>) throws(Failure) -> Event {
        var name: String?
        var filename: String?
        var contentType: String?
        let text = String(decoding: headerBytes, as: UTF8.self)
        for line in text.components(separatedBy: "\r\n") where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw Failure(detail: "a part header line has no colon") }
            let field = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            switch field {
            case "content-disposition":
                let parameters = Self.parameters(of: value)
                guard parameters.type == "form-data" else { throw Failure(detail: "a part is not 'Content-Disposition: form-data'") }
                name = parameters.values["name"]
                filename = parameters.values["filename"]
            case "content-type":
                contentType = value
            default:
                continue
            }
        }
        guard let name, !name.isEmpty else { throw Failure(detail: "a part has no 'name' in its Content-Disposition") }
        return .partStart(name: name, filename: filename, contentType: contentType)
    }

    /// `type; key=value; key="quoted value"`: the lower-cased type and the parameters.
    static func parameters(of value: String) -> (type: String, values: [String: String]) {
        var values: [String: String] = [:]
        var characters = Substring(value)
        let type = characters.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
        characters = characters.dropFirst(type.count)
        while let semicolon = characters.firstIndex(of: ";") {
            characters = characters[characters.index(after: semicolon)...].drop { $0 == " " || $0 == "\t" }
            let key = characters.prefix { $0 != "=" && $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
            characters = characters.dropFirst(characters.prefix { $0 != "=" && $0 != ";" }.count)
            guard characters.first == "=" else { continue }
            characters = characters.dropFirst()
            var parsed = ""
            if characters.first == "\"" {
                characters = characters.dropFirst()
                var escaped = false
                while let character = characters.first {
                    characters = characters.dropFirst()
                    if escaped { parsed.append(character); escaped = false; continue }
                    if character == "\\" { escaped = true; continue }
                    if character == "\"" { break }
                    parsed.append(character)
                }
            } else {
                parsed = characters.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
                characters = characters.dropFirst(characters.prefix { $0 != ";" }.count)
            }
            values[key] = parsed
        }
        return (type, values)
    }
}
