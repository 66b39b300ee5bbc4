#pragma once
// A small prompt for the SPL tests: Sysmon process events and AWS CloudTrail in two indexes,
// a Windows Security stream, the library-style macros and a lookup.

#include <memory>
#include <string>

#include "filters/spl/metadata_json.h"
#include "filters/spl/spl_metadata.h"

namespace groundgate::filters::spl::testing {

inline constexpr std::string_view kPrompt = R"json({
  "indexes": {
    "endpoint": {"xmlwineventlog": {"XmlWinEventLog:Microsoft-Windows-Sysmon/Operational":
                   ["EventCode", "Image", "ParentImage", "CommandLine", "User", "Computer",
                    "process_name", "parent_process_name", "dest", "user"],
                  "XmlWinEventLog:Security":
                   ["EventCode", "TargetUserName", "SubjectUserName", "LogonType", "Computer",
                    "dest", "user"]}},
    "cloud": {"aws:cloudtrail": {"aws_cloudtrail":
                   ["eventName", "eventSource", "userIdentity.arn", "src_ip", "user", "awsRegion"]}},
    "cloud_archive": {"aws:cloudtrail": {"aws_cloudtrail":
                   ["eventName", "eventSource", "userIdentity.arn", "src_ip", "user", "awsRegion"]}}
  },
  "macros": {
    "sysmon": "sourcetype=xmlwineventlog source=\"XmlWinEventLog:Microsoft-Windows-Sysmon/Operational\"",
    "security_content_ctime(1)": {"definition": "convert timeformat=\"%Y-%m-%dT%H:%M:%S\" ctime($field$)",
                                  "arguments": ["field"]},
    "process_powershell": "(Processes.process_name=powershell.exe OR Processes.original_file_name=PowerShell.EXE)",
    "make_flag(1)": {"definition": "eval $name$_flag=1", "arguments": ["name"]}
  },
  "lookups": {"threat_domains": ["domain", "threat_score", "category"],
              "known_admins": ["user", "team"]}
})json";

inline std::shared_ptr<const SplMetadata> prompt() {
  static const std::shared_ptr<const SplMetadata> metadata = metadata_from_json(kPrompt).metadata;
  return metadata;
}

}  // namespace groundgate::filters::spl::testing
