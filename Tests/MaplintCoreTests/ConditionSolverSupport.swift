import Testing

@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintSolver

/// Registrations over the condition fixture's model types, for the solver tests.
enum SolverFixture {
    static let here = SourceLocation(file: ConditionFixture.file, line: 1, column: 1)

    static func manifest(types: TypeTable = ConditionFixture.types) -> Manifest {
        Manifest(file: ConditionFixture.file, host: .tableView, types: types)
    }

    static let solver = ConditionSolver(manifest: manifest())

    static func registration(
        _ model: String, _ condition: RegistrationCondition = .none, index: Int = 0
    ) -> Registration {
        Registration(
            index: index, viewType: .cell, viewClass: Located("Cell\(index)", at: here),
            modelType: Located(TypeRef(parsing: model) ?? .model(model), at: here), condition: condition, location: here
        )
    }

    /// A registration with a custom condition; records an issue when it does not compile.
    static func when(
        _ source: String, model: String = "Post", index: Int = 0, types: TypeTable = ConditionFixture.types,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Registration {
        let type = TypeRef(parsing: model) ?? .model(model)
        switch CompiledCondition.compile(source, sourceMap: ConditionFixture.map(source), modelType: type, types: types)
        {
        case .success(let condition):
            return registration(model, .custom(condition), index: index)
        case .failure(let diagnostics):
            Issue.record(
                "'\(source)' does not compile: \(diagnostics.diagnostics.map(\.message))",
                sourceLocation: sourceLocation)
            return registration(model, .custom(CompiledConditionStub.falseCondition), index: index)
        }
    }

    static func section(_ number: Int, model: String = "Post", index: Int = 0) -> Registration {
        registration(model, .section(Located(number, at: here)), index: index)
    }

    static func opaque(_ source: String = "model.isSpecial", model: String = "Post", index: Int = 0) -> Registration {
        registration(model, .opaque(Located(source, at: here)), index: index)
    }

    /// The witness of an intersecting verdict, recording an issue otherwise.
    static func witness(
        _ verdict: PairVerdict, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Witness? {
        guard case .intersecting(let witness) = verdict else {
            Issue.record("expected intersecting, got \(verdict)", sourceLocation: sourceLocation)
            return nil
        }
        return witness
    }

    /// A property of an object witness.
    static func property(_ witness: Witness?, _ path: String) -> Value? {
        var current = witness?.model
        for name in path.split(separator: ".") {
            guard case .object(_, let properties)? = current else { return nil }
            current = properties[String(name)]
        }
        return current
    }
}

enum CompiledConditionStub {
    static let falseCondition: CompiledCondition = {
        let source = "false"
        guard
            case .success(let condition) = CompiledCondition.compile(
                source, sourceMap: ConditionFixture.map(source), modelType: .model("Post"),
                types: ConditionFixture.types)
        else { preconditionFailure("'false' always compiles") }
        return condition
    }()
}
