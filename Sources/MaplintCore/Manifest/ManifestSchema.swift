/// The JSON Schema (draft-07) of manifest version 1, for editors: `maplint init` writes it next
/// to a new manifest and `maplint schema` prints it. It is the text of
/// `Schema/maplint-manifest-v1.schema.json`; `SchemaTests` keeps the two identical (run them
/// with MAPLINT_UPDATE_GOLDEN=1 to copy the file here after editing it).
package enum ManifestSchema {
    package static let fileName = "maplint-manifest-v1.schema.json"

    package static let text = #"""
        {
          "$schema": "http://json-schema.org/draft-07/schema#",
          "title": "maplint manifest, version 1",
          "description": "The cell and view registrations of one table or collection view managed by DTTableViewManager or DTCollectionViewManager, checked by maplint. File names end in .maplint.yml, .maplint.yaml or .maplint.json.",
          "type": "object",
          "properties": {
            "version": {
              "type": "integer",
              "enum": [
                1
              ],
              "description": "Required. The manifest format version: the integer 1."
            },
            "host": {
              "type": "string",
              "enum": [
                "tableView",
                "collectionView"
              ],
              "description": "Required. The host view: tableView (DTTableViewManager) or collectionView (DTCollectionViewManager)."
            },
            "deploymentTarget": {
              "type": "string",
              "pattern": "^ *(iOS|tvOS|macCatalyst) +[0-9]{1,4}(\\.[0-9]{1,4})? *$",
              "description": "The oldest system the app supports, e.g. \"iOS 13.0\". From iOS, tvOS and macCatalyst 14 collection views (DTCollectionViewManager 8 and later) cannot have reuse identifier collisions. Absent: a collection view is treated as supporting systems below 14."
            },
            "libraryVersion": {
              "type": [
                "string",
                "integer"
              ],
              "pattern": "^ *[vV]?[0-9]{1,6}(\\.[0-9]{1,6}){0,2}([-+].+)? *$",
              "minimum": 6,
              "description": "The version of DTTableViewManager (tableView) or DTCollectionViewManager (collectionView) the app uses, e.g. \"11.0.1\", \"6.6\" or \"8\". Several run-time behaviours differ by major version. Oldest supported: 6.0. Absent: the newest supported version (11)."
            },
            "modelStorageVersion": {
              "type": [
                "string",
                "integer"
              ],
              "pattern": "^ *[vV]?[0-9]{1,6}(\\.[0-9]{1,6}){0,2}([-+].+)? *$",
              "description": "The version of DTModelStorage the app resolved, e.g. \"9.0.1\"; maplint extract reads it from the lock file. With DTCollectionViewManager 8.0.x, DTModelStorage 9.0.x creates a cell registration on every dequeue (registration-per-dequeue is then an error) and 9.1 or later does not (no finding). Absent: unknown."
            },
            "configuration": {
              "type": [
                "object",
                "null"
              ],
              "description": "Table views only: the TableViewConfiguration (manager.configuration) the table is shown with. Keys left out keep DTTableViewManager's defaults. A collection view has no configuration.",
              "properties": {
                "sectionHeaderStyle": {
                  "type": "string",
                  "enum": [
                    "title",
                    "view"
                  ],
                  "description": "The header style while the table is shown: title (a String header model is the section title, no view is looked up) or view (header models go through the header registrations). Absent: title until a header view is registered, view from then on."
                },
                "sectionFooterStyle": {
                  "type": "string",
                  "enum": [
                    "title",
                    "view"
                  ],
                  "description": "The footer style while the table is shown, as sectionHeaderStyle."
                },
                "displayHeaderOnEmptySection": {
                  "type": "boolean",
                  "description": "Default true. False: a section with no items shows no header (no title, no view, no anomaly)."
                },
                "displayFooterOnEmptySection": {
                  "type": "boolean",
                  "description": "Default true. False: a section with no items shows no footer."
                },
                "semanticHeaderHeight": {
                  "type": "boolean",
                  "description": "Default true; DTTableViewManager 8 and later. Changes only header heights, not what is shown."
                },
                "semanticFooterHeight": {
                  "type": "boolean",
                  "description": "Default true; DTTableViewManager 8 and later. Changes only footer heights, not what is shown."
                }
              },
              "additionalProperties": false
            },
            "layout": {
              "type": "string",
              "enum": [
                "flow",
                "compositional",
                "custom"
              ],
              "description": "Collection views only: the collection view's layout. flow: UICollectionViewFlowLayout or a subclass; compositional: UICollectionViewCompositionalLayout; custom: another UICollectionViewLayout. Flow-layout events (sizeForCell, referenceSizeForHeaderView, referenceSizeForFooterView) run only with a flow layout. Absent: not known, not checked."
            },
            "models": {
              "type": [
                "object",
                "null"
              ],
              "additionalProperties": {
                "$ref": "#/definitions/modelDeclaration"
              },
              "description": "Model type declarations by name. Bool, Int, Double and String are built in."
            },
            "registrations": {
              "type": [
                "array",
                "null"
              ],
              "items": {
                "$ref": "#/definitions/entry"
              },
              "description": "The calls made on the manager, in order. Entries are numbered from 0; findings refer to them by these numbers."
            },
            "sample": {
              "description": "Optional sample data: the sections the screen shows, resolved against the registrations. `lint --data FILE` replaces it.",
              "allOf": [
                {
                  "$ref": "#/definitions/sampleData"
                }
              ]
            }
          },
          "required": [
            "version",
            "host"
          ],
          "additionalProperties": false,
          "definitions": {
            "viewClass": {
              "type": "string",
              "pattern": "^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*$",
              "description": "A view class name, optionally module-qualified (Module.PostCell)."
            },
            "modelTypeRef": {
              "type": "string",
              "pattern": "^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*\\?*$",
              "description": "A builtin (Bool, Int, Double, String), a declared model type (nested types qualified: Outer.Inner), or T? for an optional."
            },
            "modelDeclaration": {
              "type": "object",
              "description": "One model type.",
              "properties": {
                "kind": {
                  "type": "string",
                  "enum": [
                    "class",
                    "struct",
                    "protocol",
                    "enum"
                  ],
                  "description": "class (the default), struct, protocol or enum."
                },
                "inherits": {
                  "type": [
                    "string",
                    "array"
                  ],
                  "items": {
                    "type": "string",
                    "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
                  },
                  "description": "A class: its superclass (a name). A class that inherits UITableViewCell, UITableViewHeaderFooterView, UICollectionReusableView, UICollectionViewCell or UICollectionViewListCell (directly or through such a class) is a view class, not a model type: only a model-keyed event may name it (model-event-with-view-class). A protocol: its parent protocols (a list)."
                },
                "conforms": {
                  "type": "array",
                  "items": {
                    "type": "string",
                    "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
                  },
                  "description": "The protocols a class or struct conforms to."
                },
                "properties": {
                  "type": [
                    "object",
                    "null"
                  ],
                  "additionalProperties": {
                    "$ref": "#/definitions/modelTypeRef"
                  },
                  "description": "Property names and their types (a builtin, a declared model, or T?). Conditions read them as model.<name>."
                },
                "cases": {
                  "type": "array",
                  "items": {
                    "type": "string",
                    "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
                  },
                  "description": "An enum's case names, written .name in conditions."
                },
                "rawType": {
                  "type": "string",
                  "enum": [
                    "String",
                    "Int"
                  ],
                  "description": "An enum's raw type, String or Int: conditions read model.<property>.rawValue. Each case's raw value is the one under rawValues, else (as Swift assigns it) the case name for String, one more than the previous case's for Int (0 for the first)."
                },
                "rawValues": {
                  "type": "object",
                  "additionalProperties": {
                    "type": [
                      "string",
                      "integer"
                    ]
                  },
                  "description": "An enum's raw values given in the code (case video = \"v\"), by case name: strings for rawType String, integers for rawType Int. Needs rawType; no two cases may share a raw value."
                }
              },
              "additionalProperties": false
            },
            "entry": {
              "description": "One call on the manager: exactly one of the keys cell, header, footer, supplementary, unregister or event.",
              "oneOf": [
                {
                  "$ref": "#/definitions/cellEntry"
                },
                {
                  "$ref": "#/definitions/headerEntry"
                },
                {
                  "$ref": "#/definitions/footerEntry"
                },
                {
                  "$ref": "#/definitions/supplementaryEntry"
                },
                {
                  "$ref": "#/definitions/unregisterEntry"
                },
                {
                  "$ref": "#/definitions/eventEntry"
                }
              ]
            },
            "cellEntry": {
              "type": "object",
              "description": "A `cell` registration: one register call on the manager.",
              "properties": {
                "cell": {
                  "description": "The cell's view class.",
                  "allOf": [
                    {
                      "$ref": "#/definitions/viewClass"
                    }
                  ]
                },
                "model": {
                  "description": "Required. The model type the view displays: ModelTransfer's ModelType, or the type given with `for:`. A builtin (Bool, Int, Double, String), a declared model, or T? for an optional.",
                  "allOf": [
                    {
                      "$ref": "#/definitions/modelTypeRef"
                    }
                  ]
                },
                "section": {
                  "type": "integer",
                  "description": "Condition `.section(n)`: the mapping applies only in section n. Excludes `condition` and `opaqueCondition`. A negative n compiles but never matches (unreachable-registration)."
                },
                "condition": {
                  "type": "string",
                  "minLength": 1,
                  "description": "A custom condition in maplint's Swift-like language over `model` and `indexPath`, e.g. \"indexPath.section == 1 && !model.containsVideo\". Excludes `section` and `opaqueCondition`."
                },
                "opaqueCondition": {
                  "type": "string",
                  "description": "A condition written in Swift that maplint cannot read (it came from extraction); treated as unknown, never as always true or false. Excludes `section` and `condition`."
                },
                "xib": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "minLength": 1,
                  "description": "The xib the view is loaded from. Default: the view class name; null: the view is made in code."
                },
                "registerNibNamed": {
                  "type": "boolean",
                  "description": "DTTableViewManager / DTCollectionViewManager 6 and 7 only: the cell is registered with registerNibNamed(_:for:), which registers the xib (named by xib) without first dequeuing the identifier, so a table keeps the last registration of the identifier. From 8 it is an ordinary registration: leave the key out."
                },
                "reuseIdentifier": {
                  "type": "string",
                  "minLength": 1,
                  "description": "The reuse identifier. Default: the view class name. Give colliding registrations distinct identifiers."
                },
                "viewReuseIdentifier": {
                  "type": "string",
                  "minLength": 1,
                  "description": "When the view class overrides its reuseIdentifier property: the value it returns. Differing from the mapping's reuse identifier is the anomaly differentCellReuseIdentifier / differentSupplementaryReuseIdentifier."
                },
                "storyboard": {
                  "type": "boolean",
                  "description": "The view is a storyboard prototype, registered by the storyboard rather than in code. Default false."
                },
                "modelTransfer": {
                  "type": "boolean",
                  "description": "The view conforms to ModelTransfer. Default true; manager-level events need it."
                },
                "events": {
                  "type": "array",
                  "items": {
                    "type": "string",
                    "minLength": 1,
                    "description": "An event name of the host, such as didSelect."
                  },
                  "description": "Event closures attached to this mapping, in registration order (e.g. [didSelect, willDisplay]). An event registered twice runs only the first closure."
                }
              },
              "required": [
                "cell",
                "model"
              ],
              "additionalProperties": false,
              "not": {
                "anyOf": [
                  {
                    "required": [
                      "section",
                      "condition"
                    ]
                  },
                  {
                    "required": [
                      "section",
                      "opaqueCondition"
                    ]
                  },
                  {
                    "required": [
                      "condition",
                      "opaqueCondition"
                    ]
                  }
                ]
              }
            },
            "headerEntry": {
              "type": "object",
              "description": "A `header` registration: one register call on the manager.",
              "properties": {
                "header": {
                  "description": "The header's view class. In a collection view, shorthand for supplementary with kind UICollectionElementKindSectionHeader.",
                  "allOf": [
                    {
                      "$ref": "#/definitions/viewClass"
                    }
                  ]
                },
                "model": {
                  "description": "Required. The model type the view displays: ModelTransfer's ModelType, or the type given with `for:`. A builtin (Bool, Int, Double, String), a declared model, or T? for an optional.",
                  "allOf": [
                    {
                      "$ref": "#/definitions/modelTypeRef"
                    }
                  ]
                },
                "section": {
                  "type": "integer",
                  "description": "Condition `.section(n)`: the mapping applies only in section n. Excludes `condition` and `opaqueCondition`. A negative n compiles but never matches (unreachable-registration)."
                },
                "condition": {
                  "type": "string",
                  "minLength": 1,
                  "description": "A custom condition in maplint's Swift-like language over `model` and `indexPath`, e.g. \"indexPath.section == 1 && !model.containsVideo\". Excludes `section` and `opaqueCondition`."
                },
                "opaqueCondition": {
                  "type": "string",
                  "description": "A condition written in Swift that maplint cannot read (it came from extraction); treated as unknown, never as always true or false. Excludes `section` and `condition`."
                },
                "xib": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "minLength": 1,
                  "description": "The xib the view is loaded from. Default: the view class name; null: the view is made in code."
                },
                "reuseIdentifier": {
                  "type": "string",
                  "minLength": 1,
                  "description": "The reuse identifier. Default: the view class name. Give colliding registrations distinct identifiers."
                },
                "viewReuseIdentifier": {
                  "type": "string",
                  "minLength": 1,
                  "description": "When the view class overrides its reuseIdentifier property: the value it returns. Differing from the mapping's reuse identifier is the anomaly differentCellReuseIdentifier / differentSupplementaryReuseIdentifier."
                },
                "storyboard": {
                  "type": "boolean",
                  "description": "The view is a storyboard prototype, registered by the storyboard rather than in code. Default false."
                },
                "modelTransfer": {
                  "type": "boolean",
                  "description": "The view conforms to ModelTransfer. Default true; manager-level events need it."
                },
                "events": {
                  "type": "array",
                  "items": {
                    "type": "string",
                    "minLength": 1,
                    "description": "An event name of the host, such as didSelect."
                  },
                  "description": "Event closures attached to this mapping, in registration order (e.g. [didSelect, willDisplay]). An event registered twice runs only the first closure."
                },
                "headerFooterView": {
                  "type": "boolean",
                  "description": "Table views only: the view is a UITableViewHeaderFooterView subclass and is registered for reuse. Default true; a plain UIView is loaded from its xib each time and never collides."
                }
              },
              "required": [
                "header",
                "model"
              ],
              "additionalProperties": false,
              "not": {
                "anyOf": [
                  {
                    "required": [
                      "section",
                      "condition"
                    ]
                  },
                  {
                    "required": [
                      "section",
                      "opaqueCondition"
                    ]
                  },
                  {
                    "required": [
                      "condition",
                      "opaqueCondition"
                    ]
                  }
                ]
              }
            },
            "footerEntry": {
              "type": "object",
              "description": "A `footer` registration: one register call on the manager.",
              "properties": {
                "footer": {
                  "description": "The footer's view class. In a collection view, shorthand for supplementary with kind UICollectionElementKindSectionFooter.",
                  "allOf": [
                    {
                      "$ref": "#/definitions/viewClass"
                    }
                  ]
                },
                "model": {
                  "description": "Required. The model type the view displays: ModelTransfer's ModelType, or the type given with `for:`. A builtin (Bool, Int, Double, String), a declared model, or T? for an optional.",
                  "allOf": [
                    {
                      "$ref": "#/definitions/modelTypeRef"
                    }
                  ]
                },
                "section": {
                  "type": "integer",
                  "description": "Condition `.section(n)`: the mapping applies only in section n. Excludes `condition` and `opaqueCondition`. A negative n compiles but never matches (unreachable-registration)."
                },
                "condition": {
                  "type": "string",
                  "minLength": 1,
                  "description": "A custom condition in maplint's Swift-like language over `model` and `indexPath`, e.g. \"indexPath.section == 1 && !model.containsVideo\". Excludes `section` and `opaqueCondition`."
                },
                "opaqueCondition": {
                  "type": "string",
                  "description": "A condition written in Swift that maplint cannot read (it came from extraction); treated as unknown, never as always true or false. Excludes `section` and `condition`."
                },
                "xib": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "minLength": 1,
                  "description": "The xib the view is loaded from. Default: the view class name; null: the view is made in code."
                },
                "reuseIdentifier": {
                  "type": "string",
                  "minLength": 1,
                  "description": "The reuse identifier. Default: the view class name. Give colliding registrations distinct identifiers."
                },
                "viewReuseIdentifier": {
                  "type": "string",
                  "minLength": 1,
                  "description": "When the view class overrides its reuseIdentifier property: the value it returns. Differing from the mapping's reuse identifier is the anomaly differentCellReuseIdentifier / differentSupplementaryReuseIdentifier."
                },
                "storyboard": {
                  "type": "boolean",
                  "description": "The view is a storyboard prototype, registered by the storyboard rather than in code. Default false."
                },
                "modelTransfer": {
                  "type": "boolean",
                  "description": "The view conforms to ModelTransfer. Default true; manager-level events need it."
                },
                "events": {
                  "type": "array",
                  "items": {
                    "type": "string",
                    "minLength": 1,
                    "description": "An event name of the host, such as didSelect."
                  },
                  "description": "Event closures attached to this mapping, in registration order (e.g. [didSelect, willDisplay]). An event registered twice runs only the first closure."
                },
                "headerFooterView": {
                  "type": "boolean",
                  "description": "Table views only: the view is a UITableViewHeaderFooterView subclass and is registered for reuse. Default true; a plain UIView is loaded from its xib each time and never collides."
                }
              },
              "required": [
                "footer",
                "model"
              ],
              "additionalProperties": false,
              "not": {
                "anyOf": [
                  {
                    "required": [
                      "section",
                      "condition"
                    ]
                  },
                  {
                    "required": [
                      "section",
                      "opaqueCondition"
                    ]
                  },
                  {
                    "required": [
                      "condition",
                      "opaqueCondition"
                    ]
                  }
                ]
              }
            },
            "supplementaryEntry": {
              "type": "object",
              "description": "A `supplementary` registration: one register call on the manager.",
              "properties": {
                "supplementary": {
                  "description": "Collection views only: the supplementary view class.",
                  "allOf": [
                    {
                      "$ref": "#/definitions/viewClass"
                    }
                  ]
                },
                "model": {
                  "description": "Required. The model type the view displays: ModelTransfer's ModelType, or the type given with `for:`. A builtin (Bool, Int, Double, String), a declared model, or T? for an optional.",
                  "allOf": [
                    {
                      "$ref": "#/definitions/modelTypeRef"
                    }
                  ]
                },
                "section": {
                  "type": "integer",
                  "description": "Condition `.section(n)`: the mapping applies only in section n. Excludes `condition` and `opaqueCondition`. A negative n compiles but never matches (unreachable-registration)."
                },
                "condition": {
                  "type": "string",
                  "minLength": 1,
                  "description": "A custom condition in maplint's Swift-like language over `model` and `indexPath`, e.g. \"indexPath.section == 1 && !model.containsVideo\". Excludes `section` and `opaqueCondition`."
                },
                "opaqueCondition": {
                  "type": "string",
                  "description": "A condition written in Swift that maplint cannot read (it came from extraction); treated as unknown, never as always true or false. Excludes `section` and `condition`."
                },
                "xib": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "minLength": 1,
                  "description": "The xib the view is loaded from. Default: the view class name; null: the view is made in code."
                },
                "reuseIdentifier": {
                  "type": "string",
                  "minLength": 1,
                  "description": "The reuse identifier. Default: the view class name. Give colliding registrations distinct identifiers."
                },
                "viewReuseIdentifier": {
                  "type": "string",
                  "minLength": 1,
                  "description": "When the view class overrides its reuseIdentifier property: the value it returns. Differing from the mapping's reuse identifier is the anomaly differentCellReuseIdentifier / differentSupplementaryReuseIdentifier."
                },
                "storyboard": {
                  "type": "boolean",
                  "description": "The view is a storyboard prototype, registered by the storyboard rather than in code. Default false."
                },
                "modelTransfer": {
                  "type": "boolean",
                  "description": "The view conforms to ModelTransfer. Default true; manager-level events need it."
                },
                "events": {
                  "type": "array",
                  "items": {
                    "type": "string",
                    "minLength": 1,
                    "description": "An event name of the host, such as didSelect."
                  },
                  "description": "Event closures attached to this mapping, in registration order (e.g. [didSelect, willDisplay]). An event registered twice runs only the first closure."
                },
                "kind": {
                  "type": "string",
                  "minLength": 1,
                  "description": "The supplementary kind, e.g. UICollectionElementKindSectionHeader or a custom kind such as badge."
                }
              },
              "required": [
                "supplementary",
                "model",
                "kind"
              ],
              "additionalProperties": false,
              "not": {
                "anyOf": [
                  {
                    "required": [
                      "section",
                      "condition"
                    ]
                  },
                  {
                    "required": [
                      "section",
                      "opaqueCondition"
                    ]
                  },
                  {
                    "required": [
                      "condition",
                      "opaqueCondition"
                    ]
                  }
                ]
              }
            },
            "unregisterEntry": {
              "type": "object",
              "description": "unregister(View): removes the mappings of that view registered before it, with their events.",
              "properties": {
                "unregister": {
                  "description": "A cell class name, or {header: X}, {footer: X} or {supplementary: X, kind: k}.",
                  "oneOf": [
                    {
                      "$ref": "#/definitions/viewClass"
                    },
                    {
                      "type": "object",
                      "properties": {
                        "cell": {
                          "description": "The cell view class to unregister.",
                          "allOf": [
                            {
                              "$ref": "#/definitions/viewClass"
                            }
                          ]
                        }
                      },
                      "required": [
                        "cell"
                      ],
                      "additionalProperties": false
                    },
                    {
                      "type": "object",
                      "properties": {
                        "header": {
                          "description": "The header view class to unregister.",
                          "allOf": [
                            {
                              "$ref": "#/definitions/viewClass"
                            }
                          ]
                        }
                      },
                      "required": [
                        "header"
                      ],
                      "additionalProperties": false
                    },
                    {
                      "type": "object",
                      "properties": {
                        "footer": {
                          "description": "The footer view class to unregister.",
                          "allOf": [
                            {
                              "$ref": "#/definitions/viewClass"
                            }
                          ]
                        }
                      },
                      "required": [
                        "footer"
                      ],
                      "additionalProperties": false
                    },
                    {
                      "type": "object",
                      "properties": {
                        "supplementary": {
                          "description": "The supplementary view class to unregister.",
                          "allOf": [
                            {
                              "$ref": "#/definitions/viewClass"
                            }
                          ]
                        },
                        "kind": {
                          "type": "string",
                          "minLength": 1,
                          "description": "The supplementary kind, e.g. UICollectionElementKindSectionHeader or a custom kind such as badge."
                        }
                      },
                      "required": [
                        "supplementary",
                        "kind"
                      ],
                      "additionalProperties": false
                    }
                  ]
                }
              },
              "required": [
                "unregister"
              ],
              "additionalProperties": false
            },
            "eventEntry": {
              "type": "object",
              "description": "A manager-level event, e.g. manager.didSelect(PostCell.self) { … }: attaches to the mappings registered before it. The section events of a collection view (manager.insetForSectionAtIndex { … }, minimumLineSpacingForSectionAtIndex, minimumInteritemSpacingForSectionAtIndex) have neither view nor model.",
              "properties": {
                "event": {
                  "type": "string",
                  "minLength": 1,
                  "description": "The event name, such as didSelect or heightForCell, or a collection view's section event (insetForSectionAtIndex, minimumLineSpacingForSectionAtIndex, minimumInteritemSpacingForSectionAtIndex)."
                },
                "view": {
                  "description": "The view class the event is registered for. Excludes `model`.",
                  "allOf": [
                    {
                      "$ref": "#/definitions/viewClass"
                    }
                  ]
                },
                "model": {
                  "description": "For events keyed by model type (manager.heightForCell(withItem: Int.self)): the model type. Excludes `view`.",
                  "allOf": [
                    {
                      "$ref": "#/definitions/modelTypeRef"
                    }
                  ]
                },
                "element": {
                  "type": "string",
                  "enum": [
                    "cell",
                    "header",
                    "footer",
                    "supplementary"
                  ],
                  "description": "What the view is: cell, header, footer or supplementary. Without it, an event that exists only for headers, footers or supplementary views (willDisplayHeaderView, heightForFooter, ...) is for that element, any other a cell event."
                },
                "kind": {
                  "type": "string",
                  "minLength": 1,
                  "description": "With element: supplementary (or a supplementary-only event without element), the supplementary kind."
                }
              },
              "required": [
                "event"
              ],
              "oneOf": [
                {
                  "required": [
                    "view"
                  ]
                },
                {
                  "required": [
                    "model"
                  ]
                },
                {
                  "properties": {
                    "event": {
                      "enum": [
                        "insetForSectionAtIndex",
                        "minimumLineSpacingForSectionAtIndex",
                        "minimumInteritemSpacingForSectionAtIndex"
                      ],
                      "description": "A section event of a collection view: registered with neither view nor model."
                    }
                  },
                  "not": {
                    "anyOf": [
                      {
                        "required": [
                          "view"
                        ]
                      },
                      {
                        "required": [
                          "model"
                        ]
                      },
                      {
                        "required": [
                          "element"
                        ]
                      },
                      {
                        "required": [
                          "kind"
                        ]
                      }
                    ]
                  }
                }
              ],
              "additionalProperties": false
            },
            "sampleData": {
              "type": "object",
              "properties": {
                "sections": {
                  "type": "array",
                  "items": {
                    "$ref": "#/definitions/sampleSection"
                  },
                  "description": "The sections, in order."
                }
              },
              "required": [
                "sections"
              ],
              "additionalProperties": false
            },
            "sampleSection": {
              "type": "object",
              "description": "One section of sample data.",
              "properties": {
                "header": {
                  "description": "The section header's model.",
                  "allOf": [
                    {
                      "$ref": "#/definitions/sampleModel"
                    }
                  ]
                },
                "footer": {
                  "description": "The section footer's model.",
                  "allOf": [
                    {
                      "$ref": "#/definitions/sampleModel"
                    }
                  ]
                },
                "supplementaries": {
                  "type": "object",
                  "additionalProperties": {
                    "$ref": "#/definitions/sampleModel"
                  },
                  "description": "Collection views only: supplementary kind -> model."
                },
                "items": {
                  "type": "array",
                  "items": {
                    "$ref": "#/definitions/sampleModel"
                  },
                  "description": "The items of the section, in order."
                }
              },
              "additionalProperties": false
            },
            "sampleModel": {
              "description": "null (a nil model), a bare scalar (Int, Double, Bool or String), or a one-key mapping {TypeName: value}: property values for a class or struct, a case name for an enum, a scalar for a builtin.",
              "oneOf": [
                {
                  "type": [
                    "null",
                    "boolean",
                    "number",
                    "string"
                  ]
                },
                {
                  "type": "object",
                  "minProperties": 1,
                  "maxProperties": 1
                }
              ]
            }
          }
        }

        """#
}
