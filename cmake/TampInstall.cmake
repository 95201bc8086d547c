# Install the mapping module as a CMake package: find_package(TAMP) then link TAMP::mapping.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
install(TARGETS tamp_mapping EXPORT TAMPTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/mapping/include/tamp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT TAMPTargets NAMESPACE TAMP:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/TAMP)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/TAMPConfig.cmake.in
  ${PROJECT_BINARY_DIR}/TAMPConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/TAMP)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/TAMPConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/TAMPConfig.cmake ${PROJECT_BINARY_DIR}/TAMPConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/TAMP)
