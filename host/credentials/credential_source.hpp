// Credential references resolve to secrets here and nowhere else. Plugins ask
// through the credential_lookup service; they never read the environment.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace toolhost::credentials {

class CredentialSource {
 public:
  virtual ~CredentialSource() = default;
  virtual std::optional<std::string> lookup(std::string_view reference) const = 0;
};

// Reference "tensorscale" -> the variable TENSORSCALE_API_KEY of a snapshot
// of the environment taken once by the composition root.
class EnvironmentCredentialSource final : public CredentialSource {
 public:
  // `environment` is the process environment (the composition root passes
  // `environ`); only *_API_KEY variables are kept.
  explicit EnvironmentCredentialSource(char** environment);
  std::optional<std::string> lookup(std::string_view reference) const override;
  static std::string variable_for(std::string_view reference);

 private:
  std::map<std::string, std::string, std::less<>> keys_;
};

class NoCredentials final : public CredentialSource {
 public:
  std::optional<std::string> lookup(std::string_view) const override { return std::nullopt; }
};

}  // namespace toolhost::credentials
