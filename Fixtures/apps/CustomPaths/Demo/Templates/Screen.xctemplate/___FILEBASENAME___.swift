import UIKit

final class ___FILEBASENAMEASIDENTIFIER___: UIViewController {
    ___VARIABLE_body___
}
